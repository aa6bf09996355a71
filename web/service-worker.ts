/**
 * The service worker, built by build.ts to /sw.js. Precaches the public app shell of this build;
 * pages are network-first (a new deploy shows on the next visit) with the cached copy as the
 * offline fallback; the public prompt list is network-first with a cached fallback; prompt
 * images are kept as they are seen, up to a cap. The admin and other API calls are never touched.
 */
import { cacheNames, precacheUrls, routeHtmlFile, staleCaches, strategyFor } from './offline/sw-rules';
import type { Strategy } from './offline/sw-rules';
import { SW_CACHE_HEADER } from './prompts/prompt-api';

declare const __BUILD_VERSION__: string;
declare const __BUILD_FILES__: string[];

// tsconfig has no WebWorker lib: the few worker types used here.
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
type SwScope = {
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};
declare const self: SwScope;

const CACHES = cacheNames(__BUILD_VERSION__);
const PRECACHE = precacheUrls(__BUILD_FILES__);
const PRECACHED = new Set(PRECACHE);
const IMAGE_LIMIT = 200;
const LIST_LIMIT = 60;

/** Drops the oldest entries (caches keep insertion order) above `limit`. */
async function trim(cache: Cache, limit: number): Promise<void> {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(key);
}

async function putAndTrim(cacheName: string, request: Request, response: Response, limit: number): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
  await trim(cache, limit);
}

async function page(request: Request, event: SwFetchEvent): Promise<Response> {
  const file = routeHtmlFile(new URL(request.url).pathname);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && file && PRECACHED.has(file)) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHES.shell).then((cache) => cache.put(file, copy)));
    }
    return response;
  } catch {
    const shell = await caches.open(CACHES.shell);
    return (file ? await shell.match(file) : undefined) ?? (await shell.match('/index.html')) ?? Response.error();
  }
}

async function promptList(request: Request, event: SwFetchEvent): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(putAndTrim(CACHES.api, request, response.clone(), LIST_LIMIT));
    return response;
  } catch {
    const cached = await caches.match(request, { cacheName: CACHES.api });
    if (!cached) return Response.error();
    // Marked so the page knows the network is down and searches its own, fuller cache instead.
    const headers = new Headers(cached.headers);
    headers.set(SW_CACHE_HEADER, '1');
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

/** Images whose address names their bytes (prompt images, a versioned screenshot): cache-first, kept for offline. */
async function immutableImage(request: Request, event: SwFetchEvent): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHES.images });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) event.waitUntil(putAndTrim(CACHES.images, request, response.clone(), IMAGE_LIMIT));
  return response;
}

/**
 * Hashed files under /assets/ never change: cache-first. Other build files (images, icons) keep
 * their names across deploys, so the cached copy is refreshed in the background.
 */
async function staticFile(request: Request, event: SwFetchEvent): Promise<Response> {
  const { pathname: path, search } = new URL(request.url);
  // A versioned address (`?v=`: the owner's new earnings screenshot) names new bytes: never an
  // older copy, and kept once fetched so the home page shows it offline too.
  if (search !== '') return immutableImage(request, event);
  const cached = await caches.match(request, { cacheName: CACHES.shell, ignoreSearch: true });
  if (cached && !path.startsWith('/assets/') && PRECACHED.has(path)) {
    event.waitUntil(
      fetch(path, { cache: 'no-cache' })
        .then(async (response) => {
          if (response.ok) await (await caches.open(CACHES.shell)).put(path, response);
        })
        .catch(() => undefined),
    );
  }
  return cached ?? fetch(request);
}

/**
 * Not cache.addAll: one file the server refuses on purpose (e.g. /404.html answers 404) would
 * fail the install for good. Such answers are skipped; a network failure still fails the install,
 * and the browser tries again on a later visit.
 */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHES.shell);
  await Promise.all(
    PRECACHE.map(async (url) => {
      const response = await fetch(new Request(url, { cache: 'reload' }));
      if (response.ok) await cache.put(url, response);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await precache();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), __BUILD_VERSION__).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

type Answer = (request: Request, event: SwFetchEvent) => Promise<Response>;

/** How each kind of request is answered; 'none' is left to the network, untouched. */
const ANSWER_BY_STRATEGY: Record<Exclude<Strategy, 'none'>, Answer> = {
  page,
  'prompt-list': promptList,
  'prompt-image': immutableImage,
  static: staticFile,
};

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy !== 'none') event.respondWith(ANSWER_BY_STRATEGY[strategy](event.request, event));
});
