/** Shared by the Database tests: temporary data directories, and crashes and restarts of an instance. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE } from './data-dir-lock';
import { Database } from './database';

const dirs: string[] = [];
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-db-'));
  dirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

export async function openWithTable(dir: string, options: { snapshotEveryEntries?: number } = {}): Promise<Database> {
  const db = await Database.open({ dir, onError: () => undefined, ...options });
  await db.transaction(() =>
    db.exec('CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT UNIQUE, data BLOB)'),
  );
  return db;
}

/** Reads the directory as a fresh start would, without the instance that wrote it closing cleanly. */
export async function reopen(dir: string): Promise<Database> {
  await rm(join(dir, LOCK_FILE), { force: true });
  return Database.open({ dir, onError: () => undefined });
}

/** Drops an instance as a crash would: no final snapshot, no unlock; only the file handle is closed. */
export async function abandon(db: Database): Promise<void> {
  await (db as unknown as { log: { journal: { close(): Promise<void> } } }).log.journal.close();
  db.raw.close();
}

export const names = (db: Database): string[] =>
  db
    .prepare('SELECT name FROM items ORDER BY id')
    .all<{ name: string }>()
    .map((row) => row.name);
