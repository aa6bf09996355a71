import { startTransition } from 'react';
import { registerServiceWorker } from './offline/register-service-worker';
import { loadPage } from './page-loader';

/** Lets the browser run other tasks (input, painting) between two pieces of start-up work. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Makes the prerendered page interactive; the client entry imports this after the first paint.
 * React DOM, the app's modules and the page's module are each set up in a task of their own, and
 * hydration itself runs as a transition, which yields between components: no long task.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const path = location.pathname;
  const { hydrateRoot } = await import('./hydrate-root');
  await nextTask();
  const { App, loaderFor } = await import('./app');
  await nextTask();
  // The current page's chunk must be in memory before hydrating, or the first render would differ
  // from the prerendered HTML.
  await loadPage(loaderFor(path), path);
  await nextTask();
  startTransition(() => {
    hydrateRoot(root, <App />);
  });
  registerServiceWorker();
}
