import { pageCount } from '../contract/rules/paging';
import type { Sql, SqlValue } from './store';

export type Conditions = { where: string[]; params: SqlValue[] };

/** A condition on free text: any of `columns`, lower-cased, matches `pattern` (from likePattern), in SQL both engines run. */
export function containsAny(conditions: Conditions, columns: readonly string[], pattern: string): void {
  conditions.where.push(`(${columns.map((column) => `lower(${column}) LIKE ? ESCAPE '\\'`).join(' OR ')})`);
  conditions.params.push(...columns.map(() => pattern));
}

/** One page of a table's rows (`table` is a constant of the caller) meeting every condition, newest first, with the total. */
export async function newestFirstPage<Row>(
  db: Sql,
  table: string,
  conditions: Conditions,
  page: number,
  perPage: number,
): Promise<{ rows: Row[]; total: number; pages: number }> {
  const clause = conditions.where.length ? `WHERE ${conditions.where.join(' AND ')}` : '';
  const total =
    (await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} ${clause}`, conditions.params))?.n ?? 0;
  const rows = await db.all<Row>(
    `SELECT * FROM ${table} ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    [...conditions.params, perPage, (page - 1) * perPage],
  );
  return { rows, total, pages: pageCount(total, perPage) };
}
