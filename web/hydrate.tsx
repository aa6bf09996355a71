/**
 * The island runtime: the client entry imports it after the first paint and hands it each island
 * when it is due. Each island becomes a React root of its own, hydrated from its own container
 * with the props the server wrote beside it; the rest of the page is never touched by React.
 */
import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { HYDRATED_ATTR, ISLAND_ATTR, islandProps } from './islands/island-kit';
import type { IslandName } from './islands/island-kit';
import { ISLAND_LOADERS } from './islands/loaders';
import type { IslandComponent } from './islands/loaders';

export { registerServiceWorker } from './offline/register-service-worker';

/** Lets the browser run other tasks (input, painting) between two pieces of start-up work. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** React DOM's client in a task of its own: setting it up is the largest piece of script a page runs. */
let reactDom: Promise<typeof import('./hydrate-root')> | undefined;

/** Resolves once the island's first render has committed (its own effects, which run first, included). */
function Committed({ children, onCommit }: { children: ReactNode; onCommit: () => void }): ReactNode {
  useEffect(onCommit, []);
  return children;
}

/** The island's component: its chunk, and React DOM's the first time. */
export async function loadIsland(container: HTMLElement): Promise<IslandComponent> {
  const name = container.getAttribute(ISLAND_ATTR) as IslandName;
  const load = ISLAND_LOADERS[name];
  if (!load) throw new Error(`unknown island ${name}`);
  reactDom ??= import('./hydrate-root');
  const [, Component] = await Promise.all([reactDom, load()]);
  return Component;
}

/**
 * Hydrates one island with its component. A mismatch between the server's HTML and the island's
 * first render is reported as an error naming the island (tests and the console see it), as React
 * would report it.
 */
export async function hydrateIsland(container: HTMLElement, Component: IslandComponent): Promise<void> {
  const name = container.getAttribute(ISLAND_ATTR);
  const { hydrateRoot } = await (reactDom ??= import('./hydrate-root'));
  const props = islandProps(container);
  await nextTask();
  await new Promise<void>((resolve) => {
    // A transition yields between components: no long task even for the larger islands.
    startTransition(() => {
      hydrateRoot(
        container,
        <Committed
          onCommit={() => {
            container.setAttribute(HYDRATED_ATTR, '');
            resolve();
          }}
        >
          <Component {...props} />
        </Committed>,
        {
          onRecoverableError: (error) =>
            reportError(new Error(`island ${name}: ${error instanceof Error ? error.message : String(error)}`)),
        },
      );
    });
  });
}
