/**
 * The storage seam: everything outside data/ reaches the database through this interface, never
 * a driver. Two engines implement it: the embedded sql.js store (data/sqlite/, the default, one
 * process) and PostgreSQL (data/postgres/, selected by DATABASE_URL, several instances).
 * Repositories (data/*.ts) write SQL that both engines run: `?` placeholders, ISO time strings
 * as TEXT, key hashes as bytes, `RETURNING` for new ids, `ON CONFLICT` for upserts.
 */

/** A bound parameter or a column value. Bytes are BLOB in SQLite and bytea in PostgreSQL. */
export type SqlValue = string | number | null | Uint8Array;

export type RunResult = { changes: number };

/** Runs SQL: the store (each statement commits on its own) or one transaction. */
export interface Sql {
  get<Row = Record<string, SqlValue>>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  all<Row = Record<string, SqlValue>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
}

declare const IN_TRANSACTION: unique symbol;

/**
 * The `tx` a store's transaction() hands its work: the same statements as Sql, marked so that a
 * function which must write inside the caller's transaction (named `...In`, see data/README.md)
 * takes `tx: Transaction` and cannot be handed the store itself by mistake.
 */
export type Transaction = Sql & { readonly [IN_TRANSACTION]: true };

export type TransactionOptions = {
  /**
   * A write answers need not wait for (last-seen times): its loss in a crash is accepted, so a
   * batch of them never holds the answers of other requests (see sync()).
   */
  telemetry?: boolean;
};

/**
 * Versions of what other code keeps in memory (prompt index, cached answers, rendered pages):
 * a topic's version moves after every write to it, on this instance or, with a shared store,
 * on another one. A cache built at one version stays right until the version moves.
 */
export interface ChangeFeed {
  version(topic: string): number;
  /** Call after committing a write to `topic`; other instances hear of it within a second. */
  notify(topic: string): Promise<void>;
  /** Called after a change made elsewhere (or a storage reload); local writers keep their caches in step themselves. */
  onRemote(topic: string, listener: () => void): () => void;
}

/** Named binary files (prompt and storefront images): never changed once written. */
export interface BlobStore {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** Undefined when no blob has that name. */
  get(name: string): Promise<Uint8Array | undefined>;
  remove(name: string): Promise<void>;
  /** Names of blobs written before `before` (ms) that `keep` does not hold: left by writes that never committed. */
  sweep(keep: ReadonlySet<string>, before: number): Promise<number>;
}

export interface Store extends Sql {
  /** `sqlite` (embedded, one process) or `postgres` (shared by several instances). */
  readonly engine: 'sqlite' | 'postgres';
  /**
   * True when several processes may use this store at once: counters that limit callers, jobs
   * that must run once and secrets then live in the database, not in one process.
   */
  readonly shared: boolean;
  /** True when the whole database is in this process's memory: an in-memory text index then beats a scan. */
  readonly inMemory: boolean;
  /** False while the store refuses writes (disk full, database unreachable); reads may keep working. */
  readonly writable: boolean;
  readonly changes: ChangeFeed;
  readonly blobs: BlobStore;

  /**
   * Runs `work` in one transaction: all of its statements commit, or none. The promise resolves
   * once the commit is durable. `work` must only do database work through `tx` (it may be run
   * again after a serialization conflict, and with the embedded store it holds every other
   * statement until it ends).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Resolves when every write an answer may show is durable (telemetry writes excluded). */
  sync(): Promise<void>;
  /** Resolves when every write so far, telemetry included, is durable. */
  drain(): Promise<void>;
  /**
   * Runs `job` unless another instance is running the job of that name; resolves false when it
   * was skipped. Background work (mail, reminder scans) goes through here so it runs once.
   * `held` aborts when this instance lost the job to a dropped database connection: another may
   * be running it now, so a long job stops at its next step.
   */
  exclusive(name: string, job: (held: AbortSignal) => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}
