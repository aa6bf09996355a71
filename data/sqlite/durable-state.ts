import { mkdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { lockDataDir } from './data-dir-lock';
import { JournalWriter, listJournalFiles, readJournal } from './journal';

export const SNAPSHOT_FILE = 'db.sqlite';

let sqlModule: Promise<SqlJsStatic> | undefined;
export function loadSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve('sql.js/dist/sql-wasm.wasm');
  sqlModule ??= readFile(wasmPath).then((wasm) =>
    initSqlJs({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }),
  );
  return sqlModule;
}

export type Loaded = {
  raw: SqlJsDatabase;
  seq: number;
  journal: JournalWriter;
  journalGeneration: number;
  replayed: number;
};

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

export async function loadFromDisk(dir: string): Promise<Loaded> {
  const { raw, seq, replayed } = await readDurableState(dir);
  const files = await listJournalFiles(dir);
  const journalGeneration = (files.at(-1)?.generation ?? 0) + 1;
  const journal = await JournalWriter.open(dir, journalGeneration);
  return { raw, seq, journal, journalGeneration, replayed };
}

/**
 * Makes the data directory, takes its lock and loads its durable state. One writer per journal:
 * a second process appending beside us would interleave sequences.
 */
export async function openDataDir(dir: string): Promise<{ loaded: Loaded; unlock: () => Promise<void> }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dir);
  try {
    return { loaded: await loadFromDisk(dir), unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * Reloads the last durable state until the directory lets a new journal be opened, every 2
 * seconds; `adopt` takes it. Stops when `closed()` says the database was closed meanwhile (close()
 * then owns the shutdown, and what was just opened is dropped). `release` closes the old journal first.
 */
export async function reloadWhenPossible(
  dir: string,
  closed: () => boolean,
  adopt: (loaded: Loaded) => void,
  release: () => Promise<void>,
): Promise<void> {
  await release().catch(() => undefined);
  while (!closed()) {
    try {
      const loaded = await loadFromDisk(dir);
      if (closed()) {
        loaded.raw.close();
        await loaded.journal.close().catch(() => undefined);
        return;
      }
      adopt(loaded);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2000).unref());
    }
  }
}
