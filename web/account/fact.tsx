import type { ReactElement, ReactNode } from 'react';

/** One line of a card's `<dl className="license-facts">`: what it is, and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }): ReactElement {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
