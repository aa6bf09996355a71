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
import { CHANGES_CHANNEL, ChangeListener } from './change-listener';
import { forgetStatement, statementName, toPostgresSql } from './placeholders';
import { startMaintenance } from './maintenance';
import { retryDelayMs } from './retry-delay';
import { TableBlobs } from './table-blobs';

const INT8_OID = 20;
/**
 * A kept statement's plan outdated by a migration: feature_not_supported with this message. The
 * code alone covers real errors too, which must not be retried.
 */
function planChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
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
/** Connection failures: the database is unreachable for now (answered 503 like a full disk). */
const UNAVAILABLE = /^(08|57P0[1-3]|53)/;

/** Counts (bigint) as numbers: every count and id here is far below 2^53. */
const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/** What the edge answers when PostgreSQL cannot be reached: like a full disk, a 503. */
export class DatabaseUnavailableError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super('Storage unavailable: changes cannot be saved right now, please try again later');
    this.cause = cause;
  }
}

function toParam(value: SqlValue): unknown {
  // PostgreSQL text cannot hold U+0000 (SQLite's can): it becomes U+FFFD, so a key or a field
  // carrying one matches nothing instead of failing the statement.
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
  // pg sends a Buffer as bytea; a plain Uint8Array would be sent as text.
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

function toParams(params: readonly SqlValue[]): unknown[] {
  return params.map(toParam);
}

function mapError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE.test(code)) return new DatabaseUnavailableError(error);
  // The last: a request still running while the instance shuts down finds its pool closed.
  if (error instanceof Error && /ECONNREFUSED|ECONNRESET|ETIMEDOUT|Connection terminated|after calling end on the pool/i.test(error.message)) {
    return new DatabaseUnavailableError(error);
  }
  return error;
}

/** Runs SQL on one client or on the pool. */
class PgSql implements Sql {
  constructor(private readonly target: pg.Pool | pg.PoolClient) {}

  private async query<Row>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
    const text = toPostgresSql(sql);
    const name = statementName(text, params.length);
    try {
      return await this.target.query<Row & pg.QueryResultRow>({ name, text, values: toParams(params) });
    } catch (error) {
      if (name === undefined || !planChanged(error)) throw mapError(error);
      forgetStatement(text);
      // Outside a transaction nothing was aborted: run it again, unnamed. Inside, the transaction retries.
      if (this.target instanceof pg.Pool) return this.query<Row>(sql, params);
      throw error;
    }
  }

  async get<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row | undefined> {
    return (await this.query<Row>(sql, params)).rows[0];
  }

  async all<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    return (await this.query<Row>(sql, params)).rows;
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }
}

class SharedChangeFeed implements ChangeFeed {
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
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${this.instanceId} ${topic}`]).catch(() => undefined);
  }

  onRemote(topic: string, listener: () => void): () => void {
    return this.local.onRemote(topic, listener);
  }
}

/** A 64-bit advisory lock key from a job's name. */
function lockKey(name: string): string {
  return createHash('sha256').update(`loop-shop:${name}`).digest().readBigInt64BE(0).toString();
}

const SERIAL_RETRY_LOCK = lockKey('serial-retry');

export type PostgresOptions = { url: string; maxConnections?: number; onError?: (message: string, error: unknown) => void };

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
    onError: (message: string, error: unknown) => void,
  ) {
    this.sql = new PgSql(pool);
    this.changes = new SharedChangeFeed(feed, pool, instanceId);
    this.blobs = new TableBlobs(this.sql);
    this.stopMaintenance = startMaintenance(this, onError);
  }

  static async open(options: PostgresOptions): Promise<PostgresStore> {
    const onError = options.onError ?? ((message, error) => console.error(message, error));
    const config: pg.PoolConfig = { connectionString: options.url, types: TYPES, application_name: APPLICATION_NAME };
    const pool = new pg.Pool({ ...config, max: options.maxConnections ?? 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => onError('PostgreSQL: an idle connection failed', error));
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
    const begin = options.telemetry ? 'BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL synchronous_commit = off' : 'BEGIN ISOLATION LEVEL SERIALIZABLE';
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
        if (serial && !broken) await client.query('SELECT pg_advisory_unlock($1::bigint)', [SERIAL_RETRY_LOCK]).catch(() => (broken = true));
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
   */
  async exclusive(name: string, job: () => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      const key = lockKey(name);
      const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key])).rows[0]?.locked;
      if (!locked) return false;
      try {
        await job();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
      }
      return true;
    } catch (error) {
      throw mapError(error);
    } finally {
      client?.release();
      this.running.delete(name);
    }
  }

  async close(): Promise<void> {
    this.stopMaintenance();
    await this.listener.close();
    await this.pool.end();
  }
}
