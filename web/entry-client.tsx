/**
 * The only script a public page names: under a kilobyte, fetched at low priority and built on its
 * own (no shared chunk). It waits until the page is painted, then preloads the page's own chunks
 * and imports the code that hydrates the page, both named by the server renderer in a JSON block.
 * On a slow link no script download competes with the document and its images before the paint.
 */
import { PAGE_CHUNKS_ID } from '../contract/build-manifest';
import type { PageChunks } from '../contract/build-manifest';

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

/** Lets the browser run other tasks between two pieces of start-up work. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Starting a preload costs the page a little main-thread time each: a few per task. */
const PRELOADS_PER_TASK = 4;

const root = document.getElementById('root');
const chunks = readChunks();
if (root && chunks) {
  whenPainted(async () => {
    const main = import(chunks.main) as Promise<typeof import('./hydrate')>;
    const rest = chunks.preload.filter((href) => href !== chunks.main);
    for (let index = 0; index < rest.length; index += PRELOADS_PER_TASK) {
      await nextTask();
      for (const href of rest.slice(index, index + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
    }
    await (await main).hydrate(root);
  });
}
