/**
 * The only script a public page names: a couple of kilobytes, put inline and built on its own (no
 * shared chunk). It finds the page's islands (web/islands/island-kit.ts) and decides when each is
 * hydrated: after the first paint, those in view at once; the others when they come near the
 * viewport, when the browser is idle, or as soon as the visitor touches them. Taps and submits
 * that reach an island before its code are held and applied once it is hydrated; typed text
 * stays in its field, which the island reads when it hydrates.
 */
import { PAGE_CHUNKS_ID } from '../contract/build-manifest';
import type { PageChunks } from '../contract/build-manifest';
import { ISLAND_ATTR, ISLAND_SELECTOR } from './islands/island-kit';

/**
 * Runs `start` once the page is painted: the first contentful paint is reported (presentation,
 * not just a frame produced) and the load event has passed, so images in view, which may be the
 * largest paint, do not share the link with scripts either. A hidden tab paints nothing, and a
 * slow image should not hold the page's code back for long: hence the timer.
 */
function whenPainted(start: () => void): void {
  let started = false;
  let painted = false;
  let loaded = document.readyState === 'complete';
  let observer: PerformanceObserver | undefined;
  const once = (): void => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  // After the next frame: an image that just arrived is painted first.
  const check = (): void => {
    if (painted && loaded) requestAnimationFrame(() => setTimeout(once, 0));
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (painted || list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted = true;
      check();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => {
      painted = true;
      check();
    });
  }
  if (!loaded) {
    window.addEventListener(
      'load',
      () => {
        loaded = true;
        check();
      },
      { once: true },
    );
  }
  setTimeout(once, 3000);
}

function readChunks(): PageChunks | undefined {
  try {
    return JSON.parse(document.getElementById(PAGE_CHUNKS_ID)?.textContent ?? '') as PageChunks;
  } catch {
    return undefined;
  }
}

type Runtime = typeof import('./hydrate');

/** Near the viewport: this far below (or above) it, an island is hydrated before it scrolls in. */
const NEAR = '300px';
/** The browser gets this long to become idle before the remaining islands are hydrated anyway. */
const IDLE_TIMEOUT_MS = 4000;

const root = document.getElementById('root');
const chunks = readChunks();
const pending = new Set(document.querySelectorAll<HTMLElement>(ISLAND_SELECTOR));
const held = new Map<HTMLElement, Array<() => void>>();
/** Islands whose first render has committed. */
const done = new Set<HTMLElement>();
/** Islands the visitor touched before the runtime arrived: hydrated first. */
const touched = new Set<HTMLElement>();
const preloaded = new Set<string>();
let runtime: Runtime | undefined;
/** The hydrations started so far, one after another. */
let queue: Promise<void> = Promise.resolve();
let left = pending.size;

function preload(hrefs: string[] = []): void {
  for (const href of hrefs) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Hydrates an island now: its code is fetched at once, its hydration waits for the islands due
 * before it (one React render at a time); then what was held for it is applied.
 */
function hydrate(island: HTMLElement): Promise<void> {
  if (!runtime || !pending.delete(island)) return Promise.resolve();
  const ready = runtime;
  preload(chunks?.islands[island.getAttribute(ISLAND_ATTR) ?? '']);
  return ready
    .loadIsland(island)
    .then((Component) => {
      const run = queue.then(() => ready.hydrateIsland(island, Component));
      queue = run.catch(() => undefined);
      return run;
    })
    .catch((error: unknown) => reportError(error))
    .then(() => {
      done.add(island);
      held.get(island)?.forEach((apply) => apply());
      held.delete(island);
      left -= 1;
      // A marker for tests and audits: every island of the page is interactive.
      if (left === 0) {
        root?.setAttribute('data-hydrated', '');
        ready.registerServiceWorker();
      }
    });
}

/**
 * A tap on a button or a form sent inside an island not hydrated yet: held (React does not see it
 * either, so it is applied once), and the island hurried.
 */
function holdEarly(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const island = target?.closest<HTMLElement>(ISLAND_SELECTOR);
  if (!target || !island || done.has(island)) return;
  const apply =
    event.type === 'submit'
      ? () => (target as HTMLFormElement).requestSubmit()
      : event.type === 'click' && target.closest('button')
        ? () => target.closest('button')?.click()
        : undefined;
  if (apply) {
    event.preventDefault();
    event.stopPropagation();
    held.set(island, [...(held.get(island) ?? []), apply]);
  }
  if (runtime) hydrate(island);
  else touched.add(island);
}
for (const type of ['click', 'submit', 'focusin', 'pointerdown']) document.addEventListener(type, holdEarly, true);

/** The island's first laid-out element (its container has no box of its own: display: contents). */
const boxOf = (island: HTMLElement): Element | null => island.firstElementChild;

type IslandsByView = { inView: HTMLElement[]; later: HTMLElement[] };

/**
 * The islands in view now, and the others. Read before the page's code is preloaded: a preload
 * link added to the head makes the next measure recompute the whole page's style, a long task on
 * a long page and a slow phone.
 */
function partition(): IslandsByView {
  const inView: HTMLElement[] = [];
  const later: HTMLElement[] = [];
  for (const island of pending) {
    const box = boxOf(island)?.getBoundingClientRect();
    if (box && box.bottom > 0 && box.top < innerHeight && box.height > 0) inView.push(island);
    else later.push(island);
  }
  return { inView, later };
}

function schedule({ inView, later }: IslandsByView): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const island = entry.target.closest<HTMLElement>(ISLAND_SELECTOR);
        if (island) hydrate(island);
      }
    },
    { rootMargin: `${NEAR} 0px` },
  );
  const now = inView.map(hydrate);
  for (const island of later) {
    const box = boxOf(island);
    if (box) observer.observe(box);
  }
  const idle = (): void => {
    observer.disconnect();
    later.forEach(hydrate);
  };
  // After the islands in view: whatever is left, once the browser has nothing better to do.
  void Promise.all(now).then(() =>
    'requestIdleCallback' in window
      ? requestIdleCallback(idle, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(idle, IDLE_TIMEOUT_MS),
  );
}

if (root && chunks) {
  whenPainted(async () => {
    // Islands scrolled into view while the code loads are the observer's (a hydrate() of an island
    // already hydrated does nothing).
    const islands = partition();
    preload([chunks.main, ...chunks.preload]);
    runtime = (await import(chunks.main)) as Runtime;
    // Islands touched before the runtime arrived go first.
    for (const island of touched) void hydrate(island);
    if (pending.size === 0 && left === 0) {
      root.setAttribute('data-hydrated', '');
      runtime.registerServiceWorker();
    }
    schedule(islands);
  });
}
