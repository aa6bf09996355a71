import type { Database as SqlJsDatabase } from 'sql.js';
import { collectGarbage } from './collect-garbage';
import { compactIfSparse } from './compaction';
import { withDefaults } from './database-options';
import type { DatabaseOptions } from './database-options';
import { DurableLog } from './durable-log';
import { openDataDir, reloadWhenPossible } from './durable-state';
import type { Loaded } from './durable-state';
import type { SqlParam } from './journal';
import { isReadOnlySql, StatementCache } from './statement';
import type { Statement } from './statement';
import { StorageUnavailableError } from './storage-unavailable';

/**
 * SQLite in memory (sql.js) made durable (see DurableLog): a transaction resolves once its
 * statements are journaled and fsynced. On open: load the snapshot, replay the journal. A write
 * costs the same whatever the database's size: only statements are written, never the file.
 */
export class Database {
  raw: SqlJsDatabase;
  generation = 0;
  private readonly log: DurableLog;
  private current: Array<[string, SqlParam[]]> | undefined;
  private snapshotting: Promise<void> | undefined;
  private failure: StorageUnavailableError | undefined;
  private recovering: Promise<void> | undefined;
  private closed = false;
  private readonly statements = new StatementCache(this);

  private constructor(
    private readonly options: Required<DatabaseOptions>,
    loaded: Loaded,
    private readonly unlock: () => Promise<void>,
  ) {
    this.raw = loaded.raw;
    this.log = new DurableLog(options.dir, options, loaded);
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const full = withDefaults(options);
    const { loaded, unlock } = await openDataDir(full.dir);
    const db = new Database(full, loaded, unlock);
    // Compact a long journal right away so the next start is fast.
    if (loaded.replayed > 1000) await db.snapshot();
    else collectGarbage(); // the file's bytes, now copied into sql.js
    return db;
  }

  get dir(): string {
    return this.options.dir;
  }

  /** False while the data directory refuses writes; reads keep working. */
  get writable(): boolean {
    return this.failure === undefined;
  }

  /** A prepared statement, compiled once per SQL text (see StatementCache). */
  prepare(sql: string): Statement {
    return this.statements.get(sql);
  }

  exec(sql: string): void {
    const statement = { readOnly: isReadOnlySql(sql), sql };
    this.beforeStatement(statement);
    this.raw.exec(sql);
    this.afterStatement(statement, []);
  }

  /**
   * Runs `fn` synchronously in one SQLite transaction. The promise resolves once the transaction
   * is on disk; it rejects (and nothing is kept) if `fn` throws or the journal cannot be written.
   * `telemetry` marks a write that answers need not wait for (see sync()), such as last-seen times
   * whose loss in a crash is accepted.
   */
  transaction<T>(fn: () => T, options: { telemetry?: boolean } = {}): Promise<T> {
    if (this.current) return Promise.resolve(fn());
    const refused = this.begin();
    if (refused) return Promise.reject(refused);
    let result: T;
    try {
      result = fn();
      if (result instanceof Promise) throw new Error('transaction callbacks must be synchronous');
    } catch (error) {
      this.rollback();
      return Promise.reject(error);
    }
    return this.commitTransaction(options.telemetry === true).then(() => result);
  }

  /** True between begin() and commitTransaction() or rollback(). */
  get inTransaction(): boolean {
    return this.current !== undefined;
  }

  /**
   * Opens a transaction whose statements are recorded for the journal; answers the error that
   * refuses it (storage failed or closed) instead of opening one. The caller must end it with
   * commitTransaction() or rollback() before anything else runs statements.
   */
  begin(): StorageUnavailableError | undefined {
    if (this.failure) return this.failure;
    if (this.closed) return new StorageUnavailableError(new Error('database closed'));
    this.raw.exec('BEGIN');
    this.current = [];
    return undefined;
  }

  /** Commits in memory at once; resolves when the journal entry is on disk (rejects: nothing kept). */
  commitTransaction(telemetry = false): Promise<void> {
    const statements = this.current ?? [];
    try {
      this.raw.exec('COMMIT');
    } catch (error) {
      this.rollback();
      return Promise.reject(error);
    }
    this.current = undefined;
    if (statements.length === 0) return Promise.resolve();
    return this.commit(statements, telemetry);
  }

  rollback(): void {
    try {
      this.raw.exec('ROLLBACK');
    } catch {
      // SQLite already rolled back (some errors end the transaction themselves).
    }
    this.current = undefined;
  }

  /**
   * Resolves when every write made so far that an answer may show is durable. Telemetry writes
   * are left out: they must not hold every answer while a batch of them is being flushed.
   */
  sync(): Promise<void> {
    return this.log.lastCommit;
  }

  /** Resolves when every write made so far, telemetry included, is durable. */
  drain(): Promise<void> {
    return this.log.lastWrite;
  }

  /** Called by statements before they run: no write while the data directory refuses writes. */
  beforeStatement(statement: { readOnly: boolean }): void {
    if (!statement.readOnly && this.failure) throw this.failure;
  }

  /**
   * Called by statements after they succeeded: records writes for the journal. Only successful
   * statements are recorded (a failed one changed nothing), so a caller that catches a
   * constraint error inside a transaction does not leave an entry that cannot be replayed.
   */
  afterStatement(statement: { readOnly: boolean; sql: string }, params: SqlParam[]): void {
    if (statement.readOnly) return;
    if (this.current) {
      this.current.push([statement.sql, params]);
      return;
    }
    // A write outside transaction(): it commits on its own (autocommit); db.sync() awaits it.
    void this.commit([[statement.sql, params]]).catch(() => undefined);
  }

  private commit(stmts: Array<[string, SqlParam[]]>, telemetry = false): Promise<void> {
    const written = this.log.append(stmts, telemetry, (error) => this.startRecovery(error));
    written
      .then(() => {
        if (this.log.snapshotDue)
          void this.snapshot().catch((error: unknown) => this.options.onError('snapshot failed', error));
      })
      .catch(() => undefined);
    return written;
  }

  /**
   * A journal write failed: what is in memory may now hold changes that are not on disk. Refuse
   * writes, reload the last durable state from disk, and accept writes again once a new journal
   * file can be opened. Retried until the directory takes writes again.
   */
  private startRecovery(cause: unknown): StorageUnavailableError {
    const error = new StorageUnavailableError(cause);
    if (this.failure) return this.failure;
    this.failure = error;
    this.options.onError('storage write failed; writes are refused until the data directory recovers', cause);
    this.recovering = reloadWhenPossible(
      this.options.dir,
      () => this.closed,
      (loaded) => {
        this.log.replace(loaded);
        this.raw.close();
        this.raw = loaded.raw;
        this.generation++;
        this.failure = undefined;
        this.recovering = undefined;
        collectGarbage(); // the old database and the file read to replace it
        this.options.onReload();
      },
      () => this.log.close(),
    );
    return error;
  }

  /** Exports the database to the snapshot file (atomically) and drops the journal it covers. */
  snapshot(): Promise<void> {
    const exportAt = (seq: number): Uint8Array => {
      this.raw.run('UPDATE _durable SET seq = ?', [seq]);
      return this.raw.export();
    };
    // sql.js cannot export inside a transaction; a snapshot then waits for the next commit.
    this.snapshotting ??= this.log
      .snapshot(exportAt, () => this.failure !== undefined || this.current !== undefined)
      .finally(() => {
        this.snapshotting = undefined;
        collectGarbage(); // the exported copy of the database
      });
    return this.snapshotting;
  }

  /** Gives free pages back when they are over a quarter of the file (see compaction.ts). */
  compactIfSparse(): Promise<boolean> {
    return compactIfSparse(this, this.options.onError);
  }

  /**
   * Reloads the last durable state after `cause` left memory and disk apart (a failed write or
   * VACUUM); resolves once writes are accepted again.
   */
  async reload(cause: unknown): Promise<void> {
    this.startRecovery(cause);
    await this.recovering;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.snapshotting?.catch(() => undefined);
    await this.drain();
    if (!this.failure)
      await this.snapshot().catch((error: unknown) => this.options.onError('final snapshot failed', error));
    this.closed = true;
    await this.log.close().catch(() => undefined);
    this.raw.close();
    await this.unlock();
  }
}
