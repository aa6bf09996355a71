import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App, loaderFor } from './app';
import { registerServiceWorker } from './offline/register-service-worker';
import { loadPage } from './page-loader';

/** Makes the prerendered page interactive; imported by the client entry after the first paint. */
export function hydrate(root: HTMLElement): Promise<void> {
  const path = location.pathname;
  // The current page's chunk must be in memory before hydrating, or the first render would differ
  // from the prerendered HTML.
  return loadPage(loaderFor(path), path).then(() => {
    // As a transition, hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(root, <App />);
    });
    registerServiceWorker();
  });
}
