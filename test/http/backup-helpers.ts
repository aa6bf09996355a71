/** Shared by the backup tests: waiting for the schedule, damaging a file, running `npm run backup` / `restore`, counting every table. */
import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { SqliteStore } from '../../data/sqlite/sqlite-store';
import type { Store } from '../../data/store';
import type { BackupState } from '../../contract/calls/backups';
import { call } from '../harness';

/** Polls `check` until it returns a value; the limit is generous (shared, slow machines), never a timing assertion. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  limitMs = 120_000,
): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 150));
  }
}

export async function backupState(url: string, cookie: string): Promise<BackupState> {
  const answer = await call(url, 'GET', '/api/backup/status', { cookie });
  if (answer.status !== 200) throw new Error(`backup status answered ${answer.status}: ${answer.text}`);
  return answer.json.backup as BackupState;
}

/** Flips bytes spread over the file (header excluded), as a failing disk would. */
export async function flipBytes(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const { size } = await handle.stat();
    for (const at of [0.3, 0.5, 0.7, 0.9].map((share) => Math.floor(size * share))) {
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, at);
      byte[0] = byte[0]! ^ 0xff;
      await handle.write(byte, 0, 1, at);
    }
  } finally {
    await handle.close();
  }
}

/** Runs `scripts/tasks/<name>.ts` as the owner would (its own process), with only PATH and `env`. */
export function runScript(
  name: 'backup' | 'restore',
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/tasks/${name}.ts`, ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

/** `npm run restore -- <arg> [more...]`. */
export function runRestore(
  arg: string | readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return runScript('restore', typeof arg === 'string' ? [arg] : arg, env);
}

/** Rows of every table of a store (the engine's own bookkeeping tables included). */
export async function countEveryTable(db: Store): Promise<Record<string, number>> {
  const tables =
    db.engine === 'sqlite'
      ? await db.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        )
      : await db.all<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
        );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await db.get<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`))?.n ?? 0);
  return counts;
}

/** Counts every table of a data directory (embedded) or a database (PostgreSQL), then closes it. */
export async function countsOf(target: { dataDir?: string; databaseUrl?: string }): Promise<Record<string, number>> {
  const db: Store = target.databaseUrl
    ? await PostgresStore.open({ url: target.databaseUrl, maxConnections: 2 })
    : await SqliteStore.open({ dir: target.dataDir! });
  try {
    return await countEveryTable(db);
  } finally {
    await db.close();
  }
}
