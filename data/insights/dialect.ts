/**
 * The few expressions the two engines spell differently: a field of a JSON text column, the items
 * of an order's JSON list, and "at most N days after" on ISO text times.
 */
import type { Store } from '../store';

export type Engine = Store['engine'];

/** The text of `key` inside the JSON text `column` (matches the expression indexes of the migrations). */
export function jsonField(engine: Engine, column: string, key: string): string {
  return engine === 'sqlite' ? `json_extract(${column}, '$.${key}')` : `(${column}::jsonb ->> '${key}')`;
}

/** SQLite's planner, without statistics, may pick the wrong index of two: name the one to use. */
export function indexedBy(engine: Engine, index: string): string {
  return engine === 'sqlite' ? `INDEXED BY ${index}` : '';
}

/**
 * The rows of `table` (as x) in each span of `spans`, read as one index range per span. SQLite
 * keeps the CROSS JOIN's order; PostgreSQL would hash the spans against a scan of the whole table
 * (its estimate of a range join is poor), so it gets a lateral subquery, which OFFSET 0 keeps
 * from being flattened back into that join: 29 spans of a year's summaries, 170 ms → a few ms.
 */
export function spanRange(engine: Engine, spans: string, table: string, where: string): string {
  return engine === 'sqlite'
    ? `${spans} CROSS JOIN ${table} x WHERE ${where}`
    : `${spans} CROSS JOIN LATERAL (SELECT * FROM ${table} x WHERE ${where} OFFSET 0) x`;
}

/** `later` falls at most `days` days after `earlier` (both ISO text). */
export function withinDays(engine: Engine, later: string, earlier: string, days: number): string {
  return engine === 'sqlite'
    ? `julianday(${later}) <= julianday(${earlier}) + ${days}`
    : `(${later})::timestamptz <= (${earlier})::timestamptz + interval '${days} days'`;
}

/** FROM-clause rows `item` for each element of the orders' `items` JSON list, with its plan and line total. */
export function orderItems(engine: Engine): { from: string; planId: string; planName: string; total: string } {
  if (engine === 'sqlite') {
    return {
      from: 'orders o, json_each(o.items) item',
      planId: "json_extract(item.value, '$.plan_id')",
      planName: "json_extract(item.value, '$.plan_name')",
      total: "json_extract(item.value, '$.price') * json_extract(item.value, '$.qty')",
    };
  }
  return {
    from: 'orders o CROSS JOIN LATERAL jsonb_array_elements(o.items::jsonb) AS item(value)',
    planId: "(item.value ->> 'plan_id')",
    planName: "(item.value ->> 'plan_name')",
    total: "(item.value ->> 'price')::numeric * (item.value ->> 'qty')::numeric",
  };
}

/** `WITH name(s, e, day) AS (VALUES (?, ?, ?), ...)` over spans, and its parameters. */
export function spanTable(
  name: string,
  spans: readonly { start: string; end: string; day: string }[],
): { sql: string; params: string[] } {
  return {
    sql: `${name} (s, e, day) AS (VALUES ${spans.map(() => '(?, ?, ?)').join(', ')})`,
    params: spans.flatMap((span) => [span.start, span.end, span.day]),
  };
}

/** Drivers answer counts and sums as numbers or numeric text: one number either way. */
export const num = (value: unknown): number => Number(value ?? 0);
