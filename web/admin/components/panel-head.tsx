import type { ReactElement, ReactNode } from 'react';

/** A tab's heading, with its toolbar (search, filters, the tab's own buttons) beside it. */
export function PanelHead({ title, children }: { title: string; children: ReactNode }): ReactElement {
  return (
    <div className="spread-row panel-head">
      <h2>{title}</h2>
      <div className="toolbar">{children}</div>
    </div>
  );
}
