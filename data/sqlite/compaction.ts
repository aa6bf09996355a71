import type { Database as SqlJsDatabase } from 'sql.js';

/** What compaction needs of the database (the Database class). */
export type Compactable = {
  readonly raw: SqlJsDatabase;
  readonly writable: boolean;
  readonly inTransaction: boolean;
  drain(): Promise<void>;
  snapshot(): Promise<void>;
  reload(cause: unknown): Promise<void>;
};

/**
 * Gives free pages back (VACUUM) when they are over a quarter of the file: after a table was
 * rebuilt by a migration, or many rows were deleted, they would otherwise stay in memory, as the
 * whole file lives in RAM. Run at start, before any request. Not journaled, as no row changes;
 * the snapshot right after makes it durable. Without a rollback journal, as the journal of a
 * VACUUM would grow the Wasm heap by the database's size for good; should the VACUUM fail, the
 * last durable state is reloaded from disk.
 */
export async function compactIfSparse(
  db: Compactable,
  onError: (message: string, error: unknown) => void,
): Promise<boolean> {
  const pragma = (name: string): number => Number(db.raw.exec(`PRAGMA ${name}`)[0]?.values[0]?.[0] ?? 0);
  const free = pragma('freelist_count');
  if (free < 256 || free * 4 < pragma('page_count')) return false;
  await db.drain();
  if (!db.writable || db.inTransaction) return false;
  try {
    db.raw.exec('PRAGMA journal_mode = OFF');
    db.raw.exec('VACUUM');
    db.raw.exec('PRAGMA journal_mode = MEMORY');
  } catch (error) {
    // Without a rollback journal a failed VACUUM may have left pages half written: reload.
    await db.reload(error);
    return false;
  }
  // The rows are all in the journal and the old snapshot: should this snapshot fail (a full
  // disk), the server still starts, only not compacted on disk yet.
  await db.snapshot().catch((error: unknown) => onError('snapshot after compaction failed', error));
  return true;
}
