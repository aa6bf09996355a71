/**
 * Checks a copy made by copyFromSqlite before it is called done: the row count of every table,
 * the images and secrets, and a sample of rows spread over each table compared column by column
 * (found in PostgreSQL by their primary key).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql, SqlValue } from '../store';
import { blobFiles, POSTGRES_ONLY_TABLES, postgresColumns, sqliteTables } from './copy-from-sqlite';
import type { Secret } from './copy-from-sqlite';

export type TableCheck = { table: string; source: number; target: number; sampled: number };
export type CopyCheck = {
  tables: TableCheck[];
  blobs: { source: number; target: number; sampled: number };
  problems: string[];
};

const SAMPLE_ROWS = 25;
const SAMPLE_BLOBS = 10;

/** Bytes as hex and numbers as numbers, so both drivers' values compare equal when they are. */
function comparable(value: SqlValue | undefined): string {
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`;
  if (value === null || value === undefined) return 'null';
  return `${typeof value === 'number' ? 'number' : 'text'}:${String(value)}`;
}

async function primaryKey(target: Sql, table: string): Promise<string[]> {
  const rows = await target.all<{ attname: string }>(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = ?::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`public."${table}"`],
  );
  return rows.map((row) => row.attname);
}

/** Offsets spread evenly over `count` rows: the first, the last and those between. */
function spread(count: number, samples: number): number[] {
  if (count <= samples) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: samples }, (_, index) => Math.round((index * (count - 1)) / (samples - 1)));
}

async function checkRows(source: Sql, target: Sql, table: string, count: number, problems: string[]): Promise<number> {
  const key = await primaryKey(target, table);
  if (key.length === 0) return 0;
  const columns = await postgresColumns(target, table);
  let sampled = 0;
  for (const offset of spread(count, SAMPLE_ROWS)) {
    const row = await source.get<Record<string, SqlValue>>(`SELECT * FROM "${table}" ORDER BY rowid LIMIT 1 OFFSET ?`, [
      offset,
    ]);
    if (!row) continue;
    const where = key.map((column) => `"${column}" = ?`).join(' AND ');
    const copy = await target.get<Record<string, SqlValue>>(
      `SELECT * FROM "${table}" WHERE ${where}`,
      key.map((column) => row[column] ?? null),
    );
    const differs = columns.filter((column) => comparable(row[column]) !== comparable(copy?.[column]));
    if (!copy)
      problems.push(
        `${table}: the row ${key.map((column) => `${column}=${String(row[column])}`).join(', ')} is missing`,
      );
    else if (differs.length > 0)
      problems.push(
        `${table}: row ${key.map((column) => String(row[column])).join('/')} differs in ${differs.join(', ')}`,
      );
    sampled++;
  }
  return sampled;
}

const count = async (db: Sql, table: string): Promise<number> =>
  Number((await db.get<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`))?.n ?? 0);

export async function verifyCopy(
  source: Sql,
  target: Sql,
  options: { uploadsDir: string; secrets: Secret[] },
): Promise<CopyCheck> {
  const problems: string[] = [];
  const tables: TableCheck[] = [];
  for (const table of (await sqliteTables(source)).filter((name) => !POSTGRES_ONLY_TABLES.includes(name))) {
    const check: TableCheck = {
      table,
      source: await count(source, table),
      target: await count(target, table),
      sampled: 0,
    };
    if (check.source !== check.target)
      problems.push(`${table}: ${check.source} rows in SQLite, ${check.target} in PostgreSQL`);
    check.sampled = await checkRows(source, target, table, check.source, problems);
    tables.push(check);
  }
  const names = await blobFiles(options.uploadsDir);
  const blobs = { source: names.length, target: await count(target, 'blobs'), sampled: 0 };
  if (blobs.source !== blobs.target) problems.push(`images: ${blobs.source} files, ${blobs.target} rows in blobs`);
  for (const offset of spread(names.length, SAMPLE_BLOBS)) {
    const name = names[offset]!;
    const stored = await target.get<{ bytes: Uint8Array }>('SELECT bytes FROM blobs WHERE name = ?', [name]);
    const digest = (bytes: Uint8Array | undefined): string =>
      bytes ? createHash('sha256').update(bytes).digest('hex') : 'missing';
    if (digest(stored?.bytes) !== digest(await readFile(join(options.uploadsDir, name))))
      problems.push(`image ${name} differs or is missing`);
    blobs.sampled++;
  }
  for (const secret of options.secrets) {
    const stored = await target.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [
      secret.name,
    ]);
    if (stored?.value !== secret.value) problems.push(`secret ${secret.name} differs or is missing`);
  }
  return { tables, blobs, problems };
}
