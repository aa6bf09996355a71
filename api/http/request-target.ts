/** Paths of plain segments (no dot segments, escapes or empty segments) that URL parsing would keep as they are. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/?$|^\/$/;
const PLAIN_QUERY = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * The request target's path and query. Plain targets, nearly all of them, are split as they are;
 * anything else goes through URL parsing: `//host/x` must stay a path (a base URL would read it as
 * a host), and a target that cannot be parsed reads as `/`, which can only lead to a harmless page.
 */
export function parseTarget(target: string | undefined): { path: string; query: string } {
  const text = target ?? '/';
  const mark = text.indexOf('?');
  const path = mark === -1 ? text : text.slice(0, mark);
  const query = mark === -1 ? '' : text.slice(mark + 1);
  if (PLAIN_PATH.test(path) && PLAIN_QUERY.test(query)) return { path, query };
  let url: URL;
  try {
    url = text.startsWith('/') ? new URL(`http://localhost${text}`) : new URL(text, 'http://localhost');
  } catch {
    url = new URL('http://localhost/');
  }
  return { path: url.pathname, query: url.search.slice(1) };
}
