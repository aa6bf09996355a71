import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import type { Database as SqlJsDatabase, SqlJsStatic, Statement as SqlJsStatement } from 'sql.js';
import { collectGarbage } from './collect-garbage';
import { lockDataDir } from './data-dir-lock';
import { writeFileDurably } from '../files';
import { encodeEntry, JournalWriter, listJournalFiles, readJournal, removeJournalFiles } from './journal';
import type { JournalEntry, SqlParam } from './journal';

export type { SqlParam } from './journal';
export type BindValue = SqlParam | boolean | bigint | undefined;
export type Row = Record<string, SqlParam>;
export type RunResult = { changes: number; lastInsertRowid: number };

/** A write was refused because the data directory cannot take it (disk full, read-only...). */
export class StorageUnavailableError extends Error {
  readonly status = 503;
  constructor(cause?: unknown) {
    super('Storage unavailable: changes cannot be saved right now, please try again later');
    this.cause = cause;
  }
}

export type DatabaseOptions = {
  dir: string;
  /** Take a snapshot (and trim the journal) after this many journal entries. */
  snapshotEveryEntries?: number;
  /** ... or after this many bytes of journal. */
  snapshotEveryBytes?: number;
  onError?: (message: string, error: unknown) => void;
  /** Called after the last durable state was reloaded from disk (recovery after a failed write). */
  onReload?: () => void;
};

const SNAPSHOT_FILE = 'db.sqlite';
const READ_ONLY_START = /^\s*(select|with|explain)\b/i;
const PRAGMA_READ = /^\s*pragma\s+[a-z_]+\s*;?\s*$/i;
const WRITE_WORD =
  /\b(insert|update|delete|replace\s+into|create|drop|alter|attach|detach|vacuum|reindex|pragma|returning|begin|commit|rollback|savepoint)\b/i;
/** Compiled statements kept per SQL text; dynamic SQL beyond this clears the cache instead of leaking Wasm memory. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * Whether a statement can be left out of the journal. A write taken for a read would be lost on
 * replay, so any doubt counts as a write (`WITH ... DELETE`, `SELECT 1; DELETE ...`, RETURNING).
 */
export function isReadOnlySql(sql: string): boolean {
  if (PRAGMA_READ.test(sql)) return true;
  return READ_ONLY_START.test(sql) && !WRITE_WORD.test(sql);
}

let sqlModule: Promise<SqlJsStatic> | undefined;
function loadSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve('sql.js/dist/sql-wasm.wasm');
  sqlModule ??= readFile(wasmPath).then((wasm) =>
    initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }),
  );
  return sqlModule;
}

function toParam(value: BindValue): SqlParam {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** A prepared statement shaped like node:sqlite's StatementSync. */
export class Statement {
  private compiled: SqlJsStatement | undefined;
  private compiledFor = -1;
  readonly readOnly: boolean;

  constructor(
    private readonly db: Database,
    readonly sql: string,
  ) {
    this.readOnly = isReadOnlySql(sql);
  }

  run(...params: BindValue[]): RunResult {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    statement.run(values);
    const result = this.db.lastRunResult();
    this.db.afterStatement(this, values);
    return result;
  }

  get<T = Row>(...params: BindValue[]): T | undefined {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    let row: T | undefined;
    try {
      statement.bind(values);
      row = statement.step() ? (statement.getAsObject() as T) : undefined;
    } finally {
      statement.reset();
    }
    this.db.afterStatement(this, values);
    return row;
  }

  all<T = Row>(...params: BindValue[]): T[] {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    const rows: T[] = [];
    try {
      statement.bind(values);
      while (statement.step()) rows.push(statement.getAsObject() as T);
    } finally {
      statement.reset();
    }
    this.db.afterStatement(this, values);
    return rows;
  }

  /** Frees the compiled form; the next use compiles it again. */
  release(): void {
    if (this.compiled && this.compiledFor === this.db.generation) this.compiled.free();
    this.compiled = undefined;
  }

  /** Re-prepares after the underlying database was reloaded (recovery after a failed write). */
  private statement(): SqlJsStatement {
    if (!this.compiled || this.compiledFor !== this.db.generation) {
      this.compiled = this.db.raw.prepare(this.sql);
      this.compiledFor = this.db.generation;
    }
    return this.compiled;
  }
}

/**
 * SQLite in memory (sql.js) made durable: every committed transaction is appended to a journal
 * and fsynced before `transaction()` resolves; snapshots are taken now and then and the journal
 * is trimmed. On open: load the snapshot, replay the journal. The cost of a write does not grow
 * with the size of the database: only the statements are written, never the whole file.
 */
export class Database {
  raw: SqlJsDatabase;
  generation = 0;
  private seq: number;
  private journal: JournalWriter;
  private journalGeneration: number;
  private current: Array<[string, SqlParam[]]> | undefined;
  private entriesSinceSnapshot = 0;
  private bytesSinceSnapshot = 0;
  private snapshotting: Promise<void> | undefined;
  private failure: StorageUnavailableError | undefined;
  private recovering: Promise<void> | undefined;
  /** The latest write that answers may show (telemetry excluded), and the latest of all. */
  private lastCommit: Promise<void> = Promise.resolve();
  private lastWrite: Promise<void> = Promise.resolve();
  private closed = false;
  private lastRowid: SqlJsStatement;
  private readonly statements = new Map<string, Statement>();

  private constructor(
    private readonly options: Required<DatabaseOptions>,
    loaded: Loaded,
    private readonly unlock: () => Promise<void>,
  ) {
    this.raw = loaded.raw;
    this.seq = loaded.seq;
    this.journal = loaded.journal;
    this.journalGeneration = loaded.journalGeneration;
    this.lastRowid = this.raw.prepare('SELECT last_insert_rowid() AS id');
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const full: Required<DatabaseOptions> = {
      snapshotEveryEntries: 5000,
      snapshotEveryBytes: 16 * 1024 * 1024,
      onError: (message, error) => console.error(message, error),
      onReload: () => undefined,
      ...options,
    };
    await mkdir(full.dir, { recursive: true, mode: 0o700 });
    // One writer per journal: a second process appending beside us would interleave sequences.
    const unlock = await lockDataDir(full.dir);
    let loaded: Loaded;
    try {
      loaded = await loadFromDisk(full.dir);
    } catch (error) {
      await unlock();
      throw error;
    }
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

  /**
   * Statements are cached by their SQL text: repositories may call `db.prepare(sql)` on every
   * call without compiling (and leaking) a new sql.js statement each time.
   */
  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) {
        for (const cached of this.statements.values()) cached.release();
        this.statements.clear();
      }
      statement = new Statement(this, sql);
      this.statements.set(sql, statement);
    }
    return statement;
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
    return this.lastCommit;
  }

  /** Resolves when every write made so far, telemetry included, is durable. */
  drain(): Promise<void> {
    return this.lastWrite;
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

  lastRunResult(): RunResult {
    const changes = this.raw.getRowsModified();
    this.lastRowid.step();
    const id = Number(this.lastRowid.get()[0] ?? 0);
    this.lastRowid.reset();
    return { changes, lastInsertRowid: id };
  }

  private commit(stmts: Array<[string, SqlParam[]]>, telemetry = false): Promise<void> {
    const entry: JournalEntry = { seq: ++this.seq, stmts };
    const line = encodeEntry(entry);
    this.entriesSinceSnapshot++;
    this.bytesSinceSnapshot += line.length;
    const written = this.journal.append(line).catch((error: unknown) => {
      throw this.startRecovery(error);
    });
    this.lastWrite = written.catch(() => undefined);
    if (!telemetry) this.lastCommit = this.lastWrite;
    written
      .then(() => {
        if (
          this.entriesSinceSnapshot >= this.options.snapshotEveryEntries ||
          this.bytesSinceSnapshot >= this.options.snapshotEveryBytes
        ) {
          void this.snapshot().catch((error: unknown) => this.options.onError('snapshot failed', error));
        }
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
    const attempt = async (): Promise<void> => {
      if (this.closed) return;
      try {
        await this.journal.close().catch(() => undefined);
        const loaded = await loadFromDisk(this.options.dir);
        if (this.closed) {
          // close() ran meanwhile: it owns the shutdown; drop what was just opened.
          loaded.raw.close();
          await loaded.journal.close().catch(() => undefined);
          return;
        }
        this.raw.close();
        this.raw = loaded.raw;
        this.seq = loaded.seq;
        this.journal = loaded.journal;
        this.journalGeneration = loaded.journalGeneration;
        this.generation++;
        this.lastRowid = this.raw.prepare('SELECT last_insert_rowid() AS id');
        this.failure = undefined;
        this.recovering = undefined;
        collectGarbage(); // the old database and the file read to replace it
        this.options.onReload();
      } catch (error) {
        if (this.closed) return;
        this.recovering = new Promise((resolve) => setTimeout(resolve, 2000).unref()).then(attempt);
      }
    };
    this.recovering = Promise.resolve().then(attempt);
    return error;
  }

  /** Exports the database to the snapshot file (atomically) and drops the journal it covers. */
  snapshot(): Promise<void> {
    this.snapshotting ??= this.takeSnapshot().finally(() => {
      this.snapshotting = undefined;
      collectGarbage(); // the exported copy of the database
    });
    return this.snapshotting;
  }

  private async takeSnapshot(): Promise<void> {
    if (this.failure) return;
    const nextGeneration = this.journalGeneration + 1;
    const nextJournal = await JournalWriter.open(this.options.dir, nextGeneration);
    // Synchronous from here to the swap: no write can slip between the export and the new journal.
    if (this.failure || this.current) {
      await nextJournal.close();
      return;
    }
    this.raw.run('UPDATE _durable SET seq = ?', [this.seq]);
    const bytes = this.raw.export();
    const oldJournal = this.journal;
    const oldGeneration = this.journalGeneration;
    nextJournal.after(oldJournal);
    this.journal = nextJournal;
    this.journalGeneration = nextGeneration;
    this.entriesSinceSnapshot = 0;
    this.bytesSinceSnapshot = 0;
    await oldJournal.close().catch(() => undefined);
    // The export holds transactions still queued in the old journal; if that write failed they
    // were refused to their callers and must not become durable through the snapshot.
    if (oldJournal.failed || this.failure) return;
    await writeFileDurably(this.options.dir, SNAPSHOT_FILE, bytes);
    const stale = (await listJournalFiles(this.options.dir)).filter((file) => file.generation <= oldGeneration);
    await removeJournalFiles(
      this.options.dir,
      stale.map((file) => file.name),
    );
  }

  /**
   * Gives free pages back (VACUUM) when they are over a quarter of the file: after a table was
   * rebuilt by a migration, or many rows were deleted, they would otherwise stay in memory, as the
   * whole file lives in RAM. Run at start, before any request. Not journaled, as no row changes;
   * the snapshot right after makes it durable. Without a rollback journal, as the journal of a
   * VACUUM would grow the Wasm heap by the database's size for good; should the VACUUM fail, the
   * last durable state is reloaded from disk.
   */
  async compactIfSparse(): Promise<boolean> {
    const pragma = (name: string): number => Number(this.raw.exec(`PRAGMA ${name}`)[0]?.values[0]?.[0] ?? 0);
    const free = pragma('freelist_count');
    if (free < 256 || free * 4 < pragma('page_count')) return false;
    await this.drain();
    if (this.failure || this.current) return false;
    try {
      this.raw.exec('PRAGMA journal_mode = OFF');
      this.raw.exec('VACUUM');
      this.raw.exec('PRAGMA journal_mode = MEMORY');
    } catch (error) {
      // Without a rollback journal a failed VACUUM may have left pages half written: reload.
      this.startRecovery(error);
      await this.recovering;
      return false;
    }
    // The rows are all in the journal and the old snapshot: should this snapshot fail (a full
    // disk), the server still starts, only not compacted on disk yet.
    await this.snapshot().catch((error: unknown) => this.options.onError('snapshot after compaction failed', error));
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.snapshotting?.catch(() => undefined);
    await this.drain();
    if (!this.failure) await this.snapshot().catch((error: unknown) => this.options.onError('final snapshot failed', error));
    this.closed = true;
    await this.journal.close().catch(() => undefined);
    this.raw.close();
    await this.unlock();
  }
}

type Loaded = { raw: SqlJsDatabase; seq: number; journal: JournalWriter; journalGeneration: number; replayed: number };

/** The last durable state of a data directory: the snapshot with the journal replayed on it. */
export async function readDurableState(dir: string): Promise<{ raw: SqlJsDatabase; seq: number; replayed: number }> {
  const SQL = await loadSqlJs();
  const snapshotPath = join(dir, SNAPSHOT_FILE);
  const exists = await stat(snapshotPath).then(
    () => true,
    () => false,
  );
  // sql.js copies the bytes into its in-memory file: the fresh buffer readFile returns is handed over
  // as it is, as another copy first would be one more database-sized array for the GC to find.
  const raw = exists ? new SQL.Database(ownBytes(await readFile(snapshotPath))) : new SQL.Database();
  // EXCLUSIVE: this connection is the only one ever on its in-memory file, so SQLite need not check
  // for a hot journal and re-read the file header at every statement; that halves a lookup by key.
  raw.exec('PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE; PRAGMA foreign_keys = ON;');
  raw.exec('CREATE TABLE IF NOT EXISTS _durable (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL)');
  raw.exec('INSERT OR IGNORE INTO _durable (id, seq) VALUES (1, 0)');
  let seq = Number(raw.exec('SELECT seq FROM _durable')[0]?.values[0]?.[0] ?? 0);
  const { entries } = await readJournal(dir);
  let replayed = 0;
  for (const entry of entries) {
    if (entry.seq <= seq) continue;
    if (entry.seq !== seq + 1) {
      raw.close();
      throw new JournalGapError(seq, entry.seq);
    }
    raw.exec('BEGIN');
    try {
      // exec runs every statement of a multi-statement string; run() with params only the first.
      for (const [sql, params] of entry.stmts) {
        if (params.length === 0) raw.exec(sql);
        else raw.run(sql, params);
      }
      raw.exec('COMMIT');
    } catch (error) {
      raw.exec('ROLLBACK');
      raw.close();
      throw new Error(`journal entry ${entry.seq} cannot be replayed; refusing to start so nothing is lost`, {
        cause: error,
      });
    }
    seq = entry.seq;
    replayed++;
  }
  return { raw, seq, replayed };
}

/** A buffer's bytes as the plain Uint8Array sql.js expects, without a copy. */
function ownBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The journal skips entries after the snapshot: read while a snapshot replaced both (retry). */
export class JournalGapError extends Error {
  constructor(at: number, next: number) {
    super(`journal gap after entry ${at} (next is ${next})`);
  }
}

async function loadFromDisk(dir: string): Promise<Loaded> {
  const { raw, seq, replayed } = await readDurableState(dir);
  const files = await listJournalFiles(dir);
  const journalGeneration = (files.at(-1)?.generation ?? 0) + 1;
  const journal = await JournalWriter.open(dir, journalGeneration);
  return { raw, seq, journal, journalGeneration, replayed };
}
