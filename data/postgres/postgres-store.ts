/**
 * The PostgreSQL store (DATABASE_URL): several app instances on one database. A write is
 * acknowledged once its transaction committed, which PostgreSQL makes durable. Transactions run
 * SERIALIZABLE and are retried on a serialization conflict, so a repository's transaction behaves
 * as it does in the embedded store, where transactions simply run one after another.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { LocalChangeFeed } from '../change-feed';
import type { ChangeFeed, RunResult, Sql, SqlValue, Store, Transaction, TransactionOptions } from '../store';
import { StoreUnreachableError } from '../store-unreachable-error';
import { ChangeListener, SharedChangeFeed } from './change-listener';
import { startMaintenance } from './maintenance';
import { DatabaseUnavailableError, mapError, PgSql, planChanged, TYPES } from './pg-sql';
import { retryDelayMs } from './retry-delay';
import { TableBlobs } from './table-blobs';

/** Every connection of an instance carries it: restore refuses while any is open. */
export const APPLICATION_NAME = 'loop-shop';
/**
 * serialization_failure, deadlock_detected, and a kept statement's plan outdated by a migration
 * (its text then runs unnamed): the transaction did nothing and may simply run again.
 */
const RETRYABLE = new Set(['40001', '40P01']);
/** With retryDelayMs's waits, 2.6 s of waiting on average (3.5 s at most) before a conflict is given up. */
const MAX_ATTEMPTS = 20;
/**
 * Attempts that may run side by side with anything; later ones take SERIAL_RETRY_LOCK. Under a
 * burst (20 payments in flight), index pages shared by neighbouring keys make a few transactions
 * lose again and again: run one at a time, they stop colliding with each other.
 */
const SERIAL_AFTER = 3;

/** A 64-bit advisory lock key from a job's name. */
function lockKey(name: string): string {
  return createHash('sha256').update(`loop-shop:${name}`).digest().readBigInt64BE(0).toString();
}

const SERIAL_RETRY_LOCK = lockKey('serial-retry');
/** Idle time before TCP starts probing a connection (the system's probe interval and count follow). */
export const KEEPALIVE_DELAY_MS = 30_000;

export type PostgresOptions = {
  url: string;
  maxConnections?: number;
  onError?: (message: string, error: unknown) => void;
};

export class PostgresStore implements Store {
  readonly engine = 'postgres';
  readonly shared = true;
  readonly inMemory = false;
  readonly writable = true;
  readonly changes: ChangeFeed;
  readonly blobs: TableBlobs;
  private readonly sql: PgSql;
  private readonly running = new Set<string>();
  private readonly stopMaintenance: () => void;

  private constructor(
    readonly pool: pg.Pool,
    private readonly listener: ChangeListener,
    feed: LocalChangeFeed,
    instanceId: string,
    private readonly onError: (message: string, error: unknown) => void,
  ) {
    this.sql = new PgSql(pool);
    this.changes = new SharedChangeFeed(feed, pool, instanceId);
    this.blobs = new TableBlobs(this.sql);
    this.stopMaintenance = startMaintenance(this, onError);
  }

  static async open(options: PostgresOptions): Promise<PostgresStore> {
    const onError = options.onError ?? ((message, error) => console.error(message, error));
    const config: pg.PoolConfig = {
      connectionString: options.url,
      types: TYPES,
      application_name: APPLICATION_NAME,
      // A peer gone silently (failover, NAT timeout) is found by TCP instead of never.
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    };
    const pool = new pg.Pool({ ...config, max: options.maxConnections ?? 10 });
    // pg emits 'error' on a client whose connection ends (restart, failover, pg_terminate_backend,
    // reset); the pool listens only while a client is idle, and an unheard 'error' ends the process.
    // Every client is heard for its whole life: the requests using it fail (503) through their own
    // query, the pool drops it on release, and the next request connects again.
    pool.on('connect', (client) => {
      client.on('error', (error) => onError('PostgreSQL: a connection was lost', error));
    });
    // Already logged by the client's own listener above.
    pool.on('error', () => undefined);
    const instanceId = randomBytes(6).toString('hex');
    const feed = new LocalChangeFeed();
    const listener = new ChangeListener(config, instanceId, feed, onError);
    try {
      await pool.query('SELECT 1');
      await listener.start();
    } catch (error) {
      await listener.close();
      await pool.end().catch(() => undefined);
      throw new StoreUnreachableError((error as Error).message, { cause: error });
    }
    return new PostgresStore(pool, listener, feed, instanceId, onError);
  }

  get<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined> {
    return this.sql.get<Row>(sql, params);
  }

  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]> {
    return this.sql.all<Row>(sql, params);
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    return this.sql.run(sql, params);
  }

  /** A telemetry transaction commits without waiting for the WAL flush (its loss in a crash is accepted). */
  async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const begin = options.telemetry
      ? 'BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL synchronous_commit = off'
      : 'BEGIN ISOLATION LEVEL SERIALIZABLE';
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw mapError(error);
      }
      let broken = false;
      // Lost SERIAL_AFTER times already: wait for the other such transactions (any instance) and run
      // alone among them, the lock taken before BEGIN so the snapshot sees whatever they committed.
      const serial = attempt > SERIAL_AFTER;
      try {
        if (serial) await client.query('SELECT pg_advisory_lock($1::bigint)', [SERIAL_RETRY_LOCK]);
        await client.query(begin);
        const result = await work(new PgSql(client) as Sql as Transaction);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        const code = (error as { code?: unknown } | null)?.code;
        const retryable = (typeof code === 'string' && RETRYABLE.has(code)) || planChanged(error);
        if (!retryable || attempt >= MAX_ATTEMPTS) throw mapError(error);
      } finally {
        if (serial && !broken)
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [SERIAL_RETRY_LOCK]).catch(() => (broken = true));
        client.release(broken);
      }
      // Conflicting transactions retry at spread-out, growing times so they do not collide again.
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }

  /** Commits are durable when acknowledged: nothing is left to wait for. */
  async sync(): Promise<void> {}

  async drain(): Promise<void> {}

  /**
   * Holds a session advisory lock for the job's duration, on a connection of its own: another
   * instance trying the same job meanwhile skips it. A crashed instance's lock ends with its session.
   * So does the lock of a connection lost meanwhile: `held` then aborts, the job stops where it can
   * (another instance may take the lock at once), and this or another instance runs it next time.
   */
  async exclusive(name: string, job: (held: AbortSignal) => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    let client: pg.PoolClient | undefined;
    const held = new AbortController();
    const lost = (): void => held.abort(new DatabaseUnavailableError(`the lock of job ${name} was lost`));
    try {
      client = await this.pool.connect();
      const key = lockKey(name);
      const locked = (
        await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key])
      ).rows[0]?.locked;
      if (!locked) return false;
      client.on('error', lost);
      client.on('end', lost);
      try {
        await job(held.signal);
      } finally {
        if (!held.signal.aborted)
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
      }
      if (held.signal.aborted)
        this.onError(
          `PostgreSQL: job ${name} lost its lock connection and stopped; it runs again when next due`,
          held.signal.reason,
        );
      return true;
    } catch (error) {
      throw mapError(error);
    } finally {
      client?.off('error', lost).off('end', lost);
      // A client whose connection ended is dropped, not handed to the next request.
      client?.release(held.signal.aborted);
      this.running.delete(name);
    }
  }

  async close(): Promise<void> {
    this.stopMaintenance();
    await this.listener.close();
    await this.pool.end();
  }
}
