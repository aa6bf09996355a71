/**
 * The one-off move of an embedded store into an empty PostgreSQL database (`npm run
 * migrate:to-postgres`): every row of every table with its id, the image files of
 * DATA_DIR/uploads as rows of `blobs`, and secrets (the signing key) into `server_secrets`, in one
 * transaction. Identity sequences then start past every id the embedded store ever gave out
 * (its AUTOINCREMENT counters included), so ids of deleted rows are never reused.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOB_NAME } from '../sqlite/file-blobs';
import { INSIGHT_SUMMARY_TABLES, rebuildInsightSummariesIn } from '../insights/summary-rebuild';
import type { Sql, SqlValue } from '../store';
import type { SqliteStore } from '../sqlite/sqlite-store';
import type { PostgresStore } from './postgres-store';

/** Tables only the PostgreSQL store has: filled from files here, or by the instances. */
export const POSTGRES_ONLY_TABLES = ['blobs', 'rate_counters', 'server_secrets', 'schema_migrations'];
const PAGE = 1000;
/** PostgreSQL takes at most 65535 parameters per statement. */
const MAX_PARAMS = 60_000;

export type Secret = { name: string; value: string; created_at: string };
export type CopiedTable = { table: string; rows: number };

/**
 * The embedded store's tables holding data; its own bookkeeping (`sqlite_*`, `_durable`) stays
 * behind, and so do the insights' summaries, which the target rebuilds from the copied rows.
 */
export async function sqliteTables(source: Sql): Promise<string[]> {
  const rows = await source.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name",
  );
  return rows.map((row) => row.name).filter((name) => !INSIGHT_SUMMARY_TABLES.includes(name));
}

export async function postgresColumns(target: Sql, table: string): Promise<string[]> {
  const rows = await target.all<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position",
    [table],
  );
  return rows.map((row) => row.column_name);
}

async function sqliteColumns(source: Sql, table: string): Promise<string[]> {
  return (await source.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)).map((row) => row.name);
}

/** The names of the tables holding rows; empty when the database is empty. */
export async function nonEmptyTables(target: Sql): Promise<string[]> {
  const tables = await target.all<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name",
  );
  const full: string[] = [];
  for (const { table_name: table } of tables)
    if (await target.get(`SELECT 1 AS x FROM "${table}" LIMIT 1`)) full.push(table);
  return full;
}

/** Refuses tables whose columns differ: both stores must be at the same build's schema. */
async function columnsOf(source: Sql, target: Sql, table: string): Promise<string[]> {
  const [from, to] = [await sqliteColumns(source, table), await postgresColumns(target, table)];
  if (to.length === 0) throw new Error(`table ${table} is missing in PostgreSQL: this build's two schemas differ`);
  if (from.join() !== to.join())
    throw new Error(`table ${table}: columns differ (SQLite ${from.join(', ')}; PostgreSQL ${to.join(', ')})`);
  return from;
}

async function copyTable(source: Sql, tx: Sql, table: string): Promise<number> {
  const columns = await columnsOf(source, tx, table);
  const perInsert = Math.max(1, Math.min(PAGE, Math.floor(MAX_PARAMS / columns.length)));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const names = columns.map((column) => `"${column}"`).join(', ');
  let copied = 0;
  for (let after = Number.MIN_SAFE_INTEGER; ;) {
    const rows = await source.all<Record<string, SqlValue>>(
      `SELECT rowid AS "__rowid", * FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      [after, perInsert],
    );
    if (rows.length === 0) return copied;
    const values = rows.flatMap((row) => columns.map((column) => row[column] ?? null));
    await tx.run(`INSERT INTO "${table}" (${names}) VALUES ${rows.map(() => tuple).join(', ')}`, values);
    copied += rows.length;
    after = Number(rows[rows.length - 1]!.__rowid);
  }
}

/** Moves every identity sequence past the highest id, and past what SQLite's AUTOINCREMENT counter gave out. */
async function advanceSequences(source: Sql, tx: Sql): Promise<void> {
  const identities = await tx.all<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of identities) {
    const max = (await tx.get<{ n: number | null }>(`SELECT max("${column}") AS n FROM "${table}"`))?.n ?? 0;
    const counter =
      (
        await source
          .get<{ seq: number }>('SELECT seq FROM sqlite_sequence WHERE name = ?', [table])
          .catch(() => undefined)
      )?.seq ?? 0;
    const last = Math.max(Number(max), Number(counter));
    if (last > 0) await tx.get(`SELECT setval(pg_get_serial_sequence(?, ?), ?)`, [table, column, last]);
  }
}

/** Image files of the embedded store (only names it made; the temp folder is skipped). */
export async function blobFiles(uploadsDir: string): Promise<string[]> {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  return names.filter((name) => BLOB_NAME.test(name)).sort();
}

async function copyBlobs(tx: Sql, uploadsDir: string): Promise<number> {
  const names = await blobFiles(uploadsDir);
  for (const name of names) {
    const file = join(uploadsDir, name);
    const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
    await tx.run('INSERT INTO blobs (name, bytes, created_at) VALUES (?, ?, ?)', [
      name,
      bytes,
      Math.floor(info.mtimeMs),
    ]);
  }
  return names.length;
}

/** Copies everything in one transaction: the target has all of it, or nothing. */
export async function copyFromSqlite(
  source: SqliteStore,
  target: PostgresStore,
  options: { uploadsDir: string; secrets: Secret[] },
): Promise<{ tables: CopiedTable[]; blobs: number }> {
  const full = await nonEmptyTables(target);
  if (full.length > 0)
    throw new Error(`the PostgreSQL database is not empty (rows in ${full.join(', ')}): use a new database`);
  const tables = (await sqliteTables(source)).filter((table) => !POSTGRES_ONLY_TABLES.includes(table));
  return target.transaction(async (tx) => {
    const copied: CopiedTable[] = [];
    for (const table of tables) copied.push({ table, rows: await copyTable(source, tx, table) });
    await advanceSequences(source, tx);
    await rebuildInsightSummariesIn(tx, 'postgres');
    const blobs = await copyBlobs(tx, options.uploadsDir);
    for (const secret of options.secrets) {
      await tx.run('INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)', [
        secret.name,
        secret.value,
        secret.created_at,
      ]);
    }
    return { tables: copied, blobs };
  });
}
