/** The service worker's decisions as pure functions, so they can be tested without a browser. */
import { PROMPT_IMAGE_BASE } from '../../contract/rules/images';
import { PATHS } from '../../contract/rules/paths';

export type Strategy = 'none' | 'page' | 'prompt-list' | 'prompt-image' | 'static';

const ADMIN_FILE = /^\/(admin\.html|assets\/admin-[^/]*)$/;

/** Build files worth keeping offline: everything public except the admin, source maps and the worker itself. */
export function precacheUrls(files: readonly string[]): string[] {
  return files.filter(
    (url) => !ADMIN_FILE.test(url) && !url.endsWith('.map') && !/\.(br|gz)$/.test(url) && url !== '/sw.js',
  );
}

/** The prerendered file of a route: `/` → `/index.html`, `/help` → `/help.html`; undefined for files. */
export function routeHtmlFile(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed === '/') return '/index.html';
  const last = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  return last.includes('.') ? undefined : `${trimmed}.html`;
}

const isAdmin = (path: string): boolean =>
  path === PATHS.admin || path.startsWith(`${PATHS.admin}/`) || path === `${PATHS.admin}.html`;

/**
 * How one request is answered. 'none' leaves it to the network untouched: anything not a GET,
 * other origins, the admin, the worker script, and every API call except the public prompt list
 * and prompt images.
 */
export function strategyFor(request: { method: string; url: string; mode: string }, origin: string): Strategy {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'none';
  const path = url.pathname;
  if (isAdmin(path) || path === '/sw.js') return 'none';
  if (path === '/api/prompt/list') return 'prompt-list';
  if (path.startsWith(PROMPT_IMAGE_BASE)) return 'prompt-image';
  if (path.startsWith('/api/') || path === '/healthz') return 'none';
  // A page's address fetched by client navigation (for its part of the catalogue) is a page too:
  // the newest copy online, the cached one offline.
  if (request.mode === 'navigate' || routeHtmlFile(path) !== undefined) return 'page';
  return 'static';
}

/** The cache names of one build: a new version gets new caches and the old ones are deleted. */
export function cacheNames(version: string): { shell: string; api: string; images: string } {
  return { shell: `loopshop-shell-${version}`, api: `loopshop-api-${version}`, images: `loopshop-images-${version}` };
}

/** Caches of this site left behind by other versions. */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith('loopshop-') && !current.has(name));
}
