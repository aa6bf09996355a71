import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * A prerendered search box takes keys before the page's code runs (a slow phone, the first
 * seconds offline). React keeps that text in the box at hydration but its state stays empty, so
 * nothing is filtered, and the next render of the box would wipe the text. Once hydrated, the
 * box's text becomes the state: `apply` runs with it when it differs from `state`.
 */
export function useTypedBeforeHydration(
  fieldRef: RefObject<HTMLInputElement | null>,
  state: string,
  apply: (typed: string) => void,
): void {
  useEffect(() => {
    const typed = fieldRef.current?.value ?? state;
    if (typed !== state) apply(typed);
    // Once, right after hydration: later keys reach onChange.
  }, []);
}
