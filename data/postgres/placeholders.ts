/**
 * Repositories write `?` placeholders, which both engines read the same way; PostgreSQL numbers
 * them (`$1`, `$2`...). Question marks inside quotes or comments are left alone. Converted once
 * per SQL text.
 */
const converted = new Map<string, string>();
const CACHE_LIMIT = 2000;

export function toPostgresSql(sql: string): string {
  let result = converted.get(sql);
  if (result !== undefined) return result;
  let out = '';
  let index = 0;
  let quote: string | undefined;
  for (let at = 0; at < sql.length; at++) {
    const char = sql[at]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '-' && sql[at + 1] === '-') {
      const end = sql.indexOf('\n', at);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(at, stop);
      at = stop - 1;
      continue;
    } else if (char === '?') {
      out += `$${++index}`;
      continue;
    }
    out += char;
  }
  result = out;
  if (converted.size >= CACHE_LIMIT) converted.clear();
  converted.set(sql, result);
  return result;
}
