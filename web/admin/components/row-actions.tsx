import type { ReactElement } from 'react';

export type RowAction = {
  label: string;
  onClick: () => unknown;
  /** The button's colour: secondary (default), warning or danger. */
  tone?: 'secondary' | 'warning' | 'danger';
  /** Left out when false (deactivate only when a device is bound). */
  shown?: boolean;
};

/** A row's (or card's) buttons; each names its row for screen readers: "Delete ABCDE-…". */
export function RowActions({ subject, actions, className = 'actions' }: { subject: string; actions: RowAction[]; className?: string }): ReactElement {
  return (
    <div className={className}>
      {actions
        .filter((action) => action.shown !== false)
        .map((action) => (
          <button key={action.label} type="button" className={`button button-small button-${action.tone ?? 'secondary'}`} onClick={() => void action.onClick()}>
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
