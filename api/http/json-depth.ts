/**
 * How deep a JSON text nests, found in one pass over its characters before it is parsed: the NUL
 * check, the schema check and every copy (JSON.stringify into the store, the journal's reviver)
 * walk a body recursively, and 10,000 levels overflowed the stack (a 500). The shop's deepest
 * body (a Lynk.id delivery: data.message_data.items[].title) is 5 levels.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** True when arrays and objects in `text` nest deeper than `max` (brackets inside strings are text). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}
