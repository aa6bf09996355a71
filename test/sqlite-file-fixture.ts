import { loadSqlJs } from '../data/sqlite/durable-state';

/** The bytes of a small SQLite database made by `sql` (an embedded-store backup file to prove, damage or restore). */
export async function sqliteFile(sql: string): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.exec(sql);
    return db.export();
  } finally {
    db.close();
  }
}
