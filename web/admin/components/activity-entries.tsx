import type { ReactElement } from 'react';
import type { ActivityEntry } from '../../../contract/calls/activity';
import { openLicenseActivity } from '../state/activity';
import { ACTOR_LABELS, actionLabel, actorName, objectName, valueText } from '../tabs/activity-labels';
import { DataTable } from './data-table';
import { ShopDate } from './shop-date';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const COLUMNS = ['When', 'Who', 'IP', 'What', 'Object', 'Before → after'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Each changed field with its old and new value; a whole object when only one side exists. */
function Changes({ before, after }: Pick<ActivityEntry, 'before' | 'after'>): ReactElement | null {
  if (before === null && after === null) return null;
  const fields = [
    ...new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})]),
  ];
  if (fields.length === 0)
    return (
      <span className="activity-values">
        {valueText(before)} → {valueText(after)}
      </span>
    );
  const side = (value: unknown, field: string): ReactElement | string => {
    const item = isRecord(value) ? value[field] : undefined;
    // Times are stored as UTC ISO strings: shown in the shop's zone like every date on screen.
    return typeof item === 'string' && ISO_TIME.test(item) ? <ShopDate value={item} /> : valueText(item);
  };
  return (
    <dl className="activity-values">
      {fields.map((field) => (
        <div key={field}>
          <dt>{field}</dt>
          <dd>
            <del>{side(before, field)}</del> <span aria-hidden="true">→</span>
            <span className="visually-hidden">became</span> <ins>{side(after, field)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ObjectCell({ entry }: { entry: ActivityEntry }): ReactElement {
  const name = objectName(entry);
  if (!name) return <span className="muted">—</span>;
  if (entry.object_type === 'license' && entry.object_id && /^\d+$/.test(entry.object_id)) {
    const id = Number(entry.object_id);
    return (
      <button type="button" className="activity-link" onClick={() => openLicenseActivity(id)}>
        {name}
      </button>
    );
  }
  return <span>{name}</span>;
}

function EntryRow({ entry, withObject }: { entry: ActivityEntry; withObject: boolean }): ReactElement {
  return (
    <tr data-activity-id={entry.id}>
      <td data-label="When" className="cell-sub">
        <ShopDate value={entry.at} />
      </td>
      <td data-label="Who">
        <span className="stack">
          <span className="activity-who">{actorName(entry)}</span>
          {entry.actor === 'admin' || entry.actor === 'buyer' ? (
            <span className="cell-sub">{ACTOR_LABELS[entry.actor]}</span>
          ) : null}
        </span>
      </td>
      <td data-label="IP" className="cell-sub">
        {entry.ip ?? '—'}
      </td>
      <td data-label="What">{actionLabel(entry.action)}</td>
      {withObject ? (
        <td data-label="Object">
          <ObjectCell entry={entry} />
        </td>
      ) : null}
      <td data-label="Change" className="cell-wrap activity-change">
        <span className="stack">
          <span>{entry.summary}</span>
          <details>
            <summary>
              Details<span className="visually-hidden"> of entry {entry.id}</span>
            </summary>
            <Changes before={entry.before} after={entry.after} />
          </details>
        </span>
      </td>
    </tr>
  );
}

type Props = {
  label: string;
  entries: readonly ActivityEntry[];
  busy: boolean;
  /** Shown in place of rows ('No entries yet.'), else null. */
  empty: string | null;
  /** False in one object's own list, where every row is about it. */
  withObject?: boolean;
};

/** Activity log entries as a table (cards on phones), newest first as the server sends them. */
export function ActivityEntries({ label, entries, busy, empty, withObject = true }: Props): ReactElement {
  const columns = withObject ? COLUMNS : COLUMNS.filter((column) => column !== 'Object');
  return (
    <DataTable label={label} columns={columns} busy={busy} empty={empty} actions={false} className="activity-table">
      {entries.map((entry) => (
        <EntryRow key={entry.id} entry={entry} withObject={withObject} />
      ))}
    </DataTable>
  );
}
