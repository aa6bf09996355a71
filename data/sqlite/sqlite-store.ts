/**
 * The embedded store: SQLite in this process's memory (sql.js), made durable by the journal and
 * snapshots of Database. One connection serves everything, so a transaction holds every other
 * statement until it ends: otherwise a statement of another request, run between two awaits of
 * the transaction, would join it (and be rolled back with it) or read what it has not committed.
 * A transaction's work is database work only, so it holds the connection for microseconds.
 */
import { LocalChangeFeed } from '../change-feed';
import { Database } from './database';
import type { DatabaseOptions } from './database-options';
import type { BlobStore, RunResult, Sql, SqlValue, Store, Transaction, TransactionOptions } from '../store';
import { FileBlobs } from './file-blobs';

/** The statements of one open transaction; refuses use after it ended (a forgotten await). */
class TransactionSql implements Sql {
  open = true;

  constructor(private readonly db: Database) {}

  private statement(sql: string): ReturnType<Database['prepare']> {
    if (!this.open) throw new Error('transaction already ended: a statement ran after its work resolved');
    return this.db.prepare(sql);
  }

  async get<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row | undefined> {
    return this.statement(sql).get<Row>(...params);
  }

  async all<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    return this.statement(sql).all<Row>(...params);
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return { changes: this.statement(sql).run(...params).changes };
  }
}

export class SqliteStore implements Store {
  readonly engine = 'sqlite';
  readonly shared = false;
  readonly inMemory = true;
  readonly changes = new LocalChangeFeed();
  /** Set while a transaction runs; resolves when it has ended. */
  private busy: Promise<void> | undefined;
  private readonly running = new Set<string>();

  private constructor(
    /** The durable sql.js database: for migrations, snapshots and tests that look inside. */
    readonly database: Database,
    readonly blobs: BlobStore,
  ) {}

  static async open(options: DatabaseOptions): Promise<SqliteStore> {
    let store: SqliteStore | undefined;
    const database = await Database.open({ ...options, onReload: () => store?.changes.remoteAll() });
    store = new SqliteStore(database, await FileBlobs.open(options.dir));
    return store;
  }

  get writable(): boolean {
    return this.database.writable;
  }

  // Each waits in a loop of its own, checked in the same synchronous step as the statement (or
  // the claim) that follows: several waiters woken together must not all think the connection free.
  async get<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row | undefined> {
    while (this.busy) await this.busy;
    return this.database.prepare(sql).get<Row>(...params);
  }

  async all<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    while (this.busy) await this.busy;
    return this.database.prepare(sql).all<Row>(...params);
  }

  /** A write on its own is a transaction of one statement: it resolves once durable. */
  run(sql: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return this.transaction((tx) => tx.run(sql, params));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    while (this.busy) await this.busy;
    let release = (): void => undefined;
    this.busy = new Promise((resolve) => (release = resolve));
    const tx = new TransactionSql(this.database);
    let durable: Promise<void>;
    let result: T;
    try {
      const refused = this.database.begin();
      if (refused) throw refused;
      try {
        result = await work(tx as Sql as Transaction);
      } catch (error) {
        this.database.rollback();
        throw error;
      }
      // Committed in memory here; the connection is free again while the journal is fsynced.
      durable = this.database.commitTransaction(options.telemetry === true);
    } finally {
      tx.open = false;
      this.busy = undefined;
      release();
    }
    await durable;
    return result;
  }

  sync(): Promise<void> {
    return this.database.sync();
  }

  drain(): Promise<void> {
    return this.database.drain();
  }

  /** One process: a job can only overlap with a run of itself still under way. */
  async exclusive(name: string, job: (held: AbortSignal) => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    try {
      // Nothing to lose here: the job is this process's for as long as it runs.
      await job(new AbortController().signal);
      return true;
    } finally {
      this.running.delete(name);
    }
  }

  /** After the transaction under way, if any: the final snapshot needs the connection free. */
  async close(): Promise<void> {
    while (this.busy) await this.busy;
    return this.database.close();
  }
}
