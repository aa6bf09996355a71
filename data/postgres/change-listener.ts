/**
 * Changes shared between instances (LISTEN/NOTIFY): each write announced to the others, and the
 * listener that hears theirs and moves the local versions, so caches and in-memory indexes follow
 * a write made elsewhere within a second. One dedicated
 * connection; after it drops, it reconnects and treats every topic as changed, as notifications
 * sent meanwhile are lost.
 */
import pg from 'pg';
import type { LocalChangeFeed } from '../change-feed';
import type { ChangeFeed } from '../store';

export const CHANGES_CHANNEL = 'loop_changes';
const RECONNECT_MS = 1000;

export class ChangeListener {
  private client: pg.Client | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    /** This instance's own notifications come back too; they carry this id and are skipped. */
    private readonly instanceId: string,
    private readonly feed: LocalChangeFeed,
    private readonly onError: (message: string, error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      const [from, topic] = (message.payload ?? '').split(' ');
      if (from !== this.instanceId && topic) this.feed.remote(topic);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      // Connected but not listening (the server going down meanwhile): not left open.
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.onError('change listener lost its connection; reconnecting', error);
    void client.end().catch(() => undefined);
    const retry = (): void => {
      this.timer = undefined;
      if (this.closed) return;
      this.start().then(
        () => this.feed.remoteAll(),
        () => (this.timer = setTimeout(retry, RECONNECT_MS).unref()),
      );
    };
    this.timer = setTimeout(retry, RECONNECT_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
  }
}

/** The store's change feed: local versions, and each write announced to the other instances. */
export class SharedChangeFeed implements ChangeFeed {
  constructor(
    private readonly local: LocalChangeFeed,
    private readonly pool: pg.Pool,
    private readonly instanceId: string,
  ) {}

  version(topic: string): number {
    return this.local.version(topic);
  }

  async notify(topic: string): Promise<void> {
    await this.local.notify(topic);
    await this.pool
      .query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${this.instanceId} ${topic}`])
      .catch(() => undefined);
  }

  onRemote(topic: string, listener: () => void): () => void {
    return this.local.onRemote(topic, listener);
  }
}
