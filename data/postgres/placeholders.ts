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

/** Prepared statements per connection: the parse and plan of a repeated statement are done once. */
const names = new Map<string, string | null>();
const NAMED_LIMIT = 300;
/** Statements with more parameters are bulk writes and IN lists, whose texts vary: not kept. */
const NAMED_MAX_PARAMS = 16;

/** The prepared statement name of a converted text, or undefined when it runs unnamed. */
export function statementName(text: string, params: number): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_LIMIT && params <= NAMED_MAX_PARAMS)
    names.set(text, (name = `loop_${names.size}`));
  return name ?? undefined;
}

/**
 * After "cached plan must not change result type" (another instance's migration changed a table
 * a kept `SELECT *` reads), the text runs unnamed from then on.
 */
export function forgetStatement(text: string): void {
  names.set(text, null);
}
