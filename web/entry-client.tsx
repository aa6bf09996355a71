/**
 * The only script a public page names: a few hundred bytes, fetched at low priority and built on
 * its own (no shared chunk). It waits for the first paint, then preloads the page's own chunks and
 * imports the code that hydrates the page, both named by the server renderer in a JSON block. On a
 * slow link no script download competes with the document before the page is painted.
 */
import { PAGE_CHUNKS_ID } from './build-contract';
import type { PageChunks } from './build-contract';

/**
 * Runs `start` once the first contentful paint is reported (presentation, not just the frame
 * being produced), or after the next frame where paint timing is not supported. A hidden tab
 * paints nothing, hence the timer.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = (): void => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  setTimeout(once, 1000);
}

function readChunks(): PageChunks | undefined {
  try {
    return JSON.parse(document.getElementById(PAGE_CHUNKS_ID)?.textContent ?? '') as PageChunks;
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root');
const chunks = readChunks();
if (root && chunks) {
  afterFirstPaint(() => {
    for (const href of chunks.preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    void (import(chunks.main) as Promise<typeof import('./hydrate')>).then(({ hydrate }) => hydrate(root));
  });
}
