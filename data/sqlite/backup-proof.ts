/**
 * The proof of an embedded-store backup: the file opened as a database of its own (a scratch sql.js
 * database, never the live one), SQLite's integrity check passed, and every table's rows counted.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { loadSqlJs } from './durable-state';

export type BackupProof = { bytes: number; sha256: string; counts: Record<string, number> };

export async function proveSqliteBackup(file: string): Promise<BackupProof> {
  const bytes = new Uint8Array(await readFile(file));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const SQL = await loadSqlJs();
  let raw;
  try {
    // A copy: sql.js writes into the buffer it is given, and the hash above is of the file as it is.
    raw = new SQL.Database(bytes.slice());
  } catch (error) {
    throw new Error(`not a database: ${(error as Error).message}`, { cause: error });
  }
  try {
    const check = raw.exec('PRAGMA integrity_check')[0]?.values.map((row) => String(row[0])) ?? [];
    if (check.join() !== 'ok')
      throw new Error(`integrity check failed: ${check.slice(0, 3).join('; ') || 'no answer'}`);
    const tables = raw.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    );
    const counts: Record<string, number> = {};
    for (const [name] of tables[0]?.values ?? []) {
      counts[String(name)] = Number(
        raw.exec(`SELECT count(*) FROM "${String(name).replace(/"/g, '""')}"`)[0]?.values[0]?.[0] ?? 0,
      );
    }
    if (Object.keys(counts).length === 0) throw new Error('the database holds no tables');
    return { bytes: bytes.length, sha256, counts };
  } finally {
    raw.close();
  }
}
