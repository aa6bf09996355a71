import { act } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Rendered = { container: HTMLElement; unmount: () => void };

/** Renders into a fresh element under happy-dom (import test/happy-dom first). */
export function render(element: ReactElement): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(element));
  return {
    container,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Runs a state-changing step (timer tick, click) inside act so React flushes it. */
export function step(run: () => void): void {
  act(run);
}
