/**
 * The search rule of every list, the server's and the public page's offline one: a
 * case-insensitive "contains" of the trimmed text, cut to the call's length limit (contract/rules/paging.ts).
 * Plain code: the browser bundles it.
 */

/**
 * U+0000 and U+0001 never take part in a search: the server's text index separates fields and
 * rows with them (data/text-index.ts), so a match must not span two.
 */
const SEPARATORS = /[\u0000\u0001]/g;

/** The text searched for: separators dropped, trimmed, lower-cased. */
export function normalizeSearch(search: string): string {
  return search.replace(SEPARATORS, '').trim().toLowerCase();
}

/** What a list reads of a typed search: at most `maxLength` characters of the trimmed text, normalised. */
export function searchNeedle(search: string, maxLength: number): string {
  return normalizeSearch(search.trim().slice(0, maxLength));
}
