import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => {};

/**
 * False while the server renders and while the client hydrates, true afterwards. Anything read
 * from the URL or the local cache waits for it, so the first client render matches the
 * prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
