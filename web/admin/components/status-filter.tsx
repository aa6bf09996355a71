import type { ReactElement } from 'react';

export type StatusFilterProps<Status extends string> = {
  /** Read by screen readers only: the list's toolbar shows the choice itself. */
  label: string;
  /** The first choice, the whole list (''). */
  allLabel: string;
  /** Every status the list has, as the owner reads it, in the order the choices are shown. */
  labels: Readonly<Record<Status, string>>;
  value: Status | '';
  onChange: (status: Status | '') => void;
};

/** A list's status filter in its toolbar. */
export function StatusFilter<Status extends string>({
  label,
  allLabel,
  labels,
  value,
  onChange,
}: StatusFilterProps<Status>): ReactElement {
  const statuses = Object.keys(labels) as Status[];
  return (
    <label className="filter">
      <span className="visually-hidden">{label}</span>
      <select
        value={value}
        onChange={(event) => onChange(statuses.find((status) => status === event.target.value) ?? '')}
      >
        <option value="">{allLabel}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </label>
  );
}
