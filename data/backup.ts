/**
 * Backups of the store, whichever engine holds it: a copy made while the shop runs, its proof, and
 * restore. Beside open-store.ts, the one place that picks an engine for this work. It takes where
 * the store lives, never an open store: restore replaces a database no instance may hold open, and
 * a proof needs no database at all.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirectory } from './files';
import { dumpPostgres, restorePostgres } from './postgres/dump';
import { provePostgresDump } from './postgres/dump-proof';
import { backupDatabase, restoreDatabase } from './sqlite/backup';
import { proveSqliteBackup } from './sqlite/backup-proof';
import type { BackupProof } from './sqlite/backup-proof';
import type { Store } from './store';

export type { BackupProof };
export type StoreEngine = Store['engine'];
/** Where a store lives: PostgreSQL at `databaseUrl` when it is set, else the embedded store in `dataDir`. */
export type StorePlace = { dataDir: string; databaseUrl: string | undefined };

/** Names of the embedded store's image files in DATA_DIR/uploads, which its backups carry beside the copy. */
export { BLOB_NAME } from './sqlite/file-blobs';

/**
 * Writes a consistent copy of the running store to `file`, either whole or not at all: the
 * embedded store's acknowledged writes (sqlite/backup.ts) or pg_dump's custom format, each written
 * under a temp name, fsynced and renamed.
 */
export async function backupStore(engine: StoreEngine, place: StorePlace, file: string): Promise<void> {
  if (engine === 'sqlite') {
    await backupDatabase(place.dataDir, file);
    return;
  }
  const temp = `${file}.tmp`;
  try {
    await dumpPostgres(place.databaseUrl!, temp);
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    await syncDirectory(dirname(file));
  } finally {
    await rm(temp, { force: true });
  }
}

/** The engine's own proof of a copy: opened apart from the live store, every table's rows counted. */
export function proveBackupFile(engine: StoreEngine, file: string): Promise<BackupProof> {
  return engine === 'sqlite' ? proveSqliteBackup(file) : provePostgresDump(file);
}

/**
 * Makes the copy the content of a store no instance is running on; what was there is moved aside,
 * never deleted. Resolves with where it went (a folder in DATA_DIR, or a PostgreSQL schema).
 */
export function restoreStore(engine: StoreEngine, place: StorePlace, file: string): Promise<string> {
  return engine === 'sqlite' ? restoreDatabase(file, place.dataDir) : restorePostgres(place.databaseUrl!, file);
}
