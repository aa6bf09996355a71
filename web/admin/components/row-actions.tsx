import { useState } from 'react';
import type { ReactElement, ReactNode } from 'react';

export type RowAction = {
  label: string;
  onClick: () => unknown;
  /** The button's colour: secondary (default), primary (the step the row waits for), warning or danger. */
  tone?: 'secondary' | 'primary' | 'warning' | 'danger';
  /** Left out when false (deactivate only when a device is bound). */
  shown?: boolean;
};

/**
 * A row's (or card's) buttons; each names its row for screen readers: "Delete ABCDE-…". A button
 * whose action is still running is disabled, so a second tap on a slow link does not send it twice
 * (a resent e-mail, a licence sent by e-mail). `children` (links) stand before the buttons.
 */
export function RowActions({
  subject,
  actions,
  className = 'actions',
  children,
}: {
  subject: string;
  actions: RowAction[];
  className?: string;
  children?: ReactNode;
}): ReactElement {
  const [running, setRunning] = useState<string | null>(null);
  const run = (action: RowAction): void => {
    if (running === action.label) return;
    const result = action.onClick();
    if (!(result instanceof Promise)) return;
    setRunning(action.label);
    void result.catch(() => undefined).finally(() => setRunning(null));
  };
  return (
    <div className={className}>
      {children}
      {actions
        .filter((action) => action.shown !== false)
        .map((action) => (
          <button
            key={action.label}
            type="button"
            className={`button button-small button-${action.tone ?? 'secondary'}`}
            disabled={running === action.label}
            onClick={() => run(action)}
          >
            {action.label}
            <span className="visually-hidden"> {subject}</span>
          </button>
        ))}
    </div>
  );
}

/** The last cell of a DataTable row: its actions (a block of buttons under the card on phones). */
export function ActionsCell({ subject, actions }: { subject: string; actions: RowAction[] }): ReactElement {
  return (
    <td data-label="Actions" className="cell-actions">
      <RowActions subject={subject} actions={actions} />
    </td>
  );
}
