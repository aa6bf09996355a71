import type { ReactElement, ReactNode, Ref } from 'react';

type DataTableProps = {
  /** The scrollable region's name: 'Licence list'. */
  label: string;
  /** Column headings; a last, unnamed one holds each row's actions. */
  columns: readonly string[];
  busy: boolean;
  /** Shown under the table when it has no rows ('No licences yet.'), else null. */
  empty: string | null;
  regionRef?: Ref<HTMLDivElement>;
  /** False for a read-only list whose rows have no actions (no last, unnamed column). */
  actions?: boolean;
  /** Added to the table's class (`activity-table`) for a list's own styles. */
  className?: string;
  children: ReactNode;
};

/** An admin list: a labelled, keyboard-scrollable table (cards on phones) whose rows end with their actions. */
export function DataTable({
  label,
  columns,
  busy,
  empty,
  regionRef,
  actions = true,
  className = '',
  children,
}: DataTableProps): ReactElement {
  return (
    <div ref={regionRef} className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={`data-table ${className}`.trim()} aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="empty">{empty}</p> : null}
    </div>
  );
}
