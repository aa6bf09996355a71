import type { Database, Statement } from './database';

// Admin lists and stats run on every screen refresh: compile each statement once per database.
const cache = new WeakMap<Database, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, compiled on first use. */
export function cachedStatement(db: Database, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}
