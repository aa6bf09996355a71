import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { JournalGapError, readDurableState } from './durable-state';
import { writeFileDurably } from '../files';
import type { Database as SqlJsDatabase } from 'sql.js';

const ATTEMPTS = 5;

function assertIntact(raw: SqlJsDatabase): void {
  const check = raw.exec('PRAGMA integrity_check')[0]?.values[0]?.[0];
  if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
}

/**
 * Writes a consistent copy of a data directory's database while its server keeps running: the
 * snapshot plus every complete journal entry, i.e. exactly the acknowledged writes so far. Only
 * reads the directory, so it never disturbs the server. A snapshot taken by the server in the
 * middle of the read shows up as a gap in the journal; then it simply reads again.
 */
export async function backupDatabase(dataDir: string, targetFile: string): Promise<{ seq: number; bytes: number }> {
  for (let attempt = 1; ; attempt++) {
    let state: Awaited<ReturnType<typeof readDurableState>>;
    try {
      state = await readDurableState(dataDir);
    } catch (error) {
      if (error instanceof JournalGapError && attempt < ATTEMPTS) continue;
      throw error;
    }
    try {
      assertIntact(state.raw);
      const bytes = state.raw.export();
      const target = resolve(targetFile);
      await mkdir(dirname(target), { recursive: true });
      await writeFileDurably(dirname(target), basename(target), bytes);
      return { seq: state.seq, bytes: bytes.length };
    } finally {
      state.raw.close();
    }
  }
}

/**
 * Puts a backup in place as the database of a STOPPED server's data directory, after checking it
 * opens and is intact. What was there is moved aside into `pre-restore-<time>/`, never deleted.
 */
export async function restoreDatabase(backupFile: string, dataDir: string, now = new Date()): Promise<string> {
  const bytes = new Uint8Array(await readFile(backupFile));
  const checkDir = join(dataDir, '.restore-check');
  await rm(checkDir, { recursive: true, force: true });
  await mkdir(checkDir, { recursive: true });
  try {
    await writeFile(join(checkDir, 'db.sqlite'), bytes);
    const state = await readDurableState(checkDir);
    try {
      assertIntact(state.raw);
    } finally {
      state.raw.close();
    }
  } catch (error) {
    throw new Error(`${backupFile} is not a usable backup: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(checkDir, { recursive: true, force: true });
  }
  const aside = join(dataDir, `pre-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(aside, { recursive: true });
  for (const name of await readdir(dataDir)) {
    if (name === 'db.sqlite' || /^journal-\d+\.log$/.test(name)) await rename(join(dataDir, name), join(aside, name));
  }
  await writeFileDurably(dataDir, 'db.sqlite', bytes);
  return aside;
}
