import { useEffect, useId } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS, ACTIVITY_OBJECT_TYPES } from '../../../contract/rules/activity-words';
import { ActivityEntries } from '../components/activity-entries';
import { LicenseActivity } from '../components/license-activity';
import { Pager } from '../components/pager';
import { formatNumber } from '../format';
import { MESSAGES } from '../messages';
import { activity, clearActivityFilters, goToActivityPage, loadActivity, setActivityFilter } from '../state/activity';
import type { ActivityFilters } from '../state/activity';
import { store } from '../state/store';
import { zoneLabel } from '../../../contract/rules/shop-time';
import { ACTOR_LABELS, OBJECT_LABELS, actionLabel } from './activity-labels';
import '../styles/activity.css';

type Choice<Value extends string> = {
  name: keyof ActivityFilters;
  label: string;
  all: string;
  values: readonly Value[];
  text: (value: Value) => string;
};

function Select<Value extends string>({ name, label, all, values, text }: Choice<Value>): ReactElement {
  const { filters } = useSnapshot(activity);
  const id = useId();
  return (
    <div className="activity-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={filters[name]}
        onChange={(event) => setActivityFilter(name, event.target.value as ActivityFilters[typeof name])}
      >
        <option value="">{all}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {text(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({
  name,
  label,
  type = 'text',
  placeholder,
}: {
  name: keyof ActivityFilters;
  label: string;
  type?: string;
  placeholder?: string;
}): ReactElement {
  const { filters } = useSnapshot(activity);
  const id = useId();
  return (
    <div className="activity-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={filters[name]}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setActivityFilter(name, event.target.value as ActivityFilters[typeof name])}
      />
    </div>
  );
}

function Filters(): ReactElement {
  const { timeZone } = useSnapshot(store);
  const zone = zoneLabel(Date.now(), timeZone);
  return (
    <fieldset className="activity-filters">
      <legend className="visually-hidden">Filter the activity log</legend>
      <Select name="actor" label="Who" all="Anyone" values={ACTIVITY_ACTOR_KINDS} text={(kind) => ACTOR_LABELS[kind]} />
      <Input name="who" label="Username or e-mail" placeholder="e.g. admin" />
      <Select name="action" label="What" all="Every change" values={ACTIVITY_ACTIONS} text={actionLabel} />
      <Select
        name="objectType"
        label="Object"
        all="Any object"
        values={ACTIVITY_OBJECT_TYPES}
        text={(type) => OBJECT_LABELS[type]}
      />
      <Input name="objectId" label="Object id" placeholder="e.g. 12" />
      <Input name="from" label={`From (${zone})`} type="date" />
      <Input name="to" label={`To (${zone})`} type="date" />
      <div className="activity-buttons">
        <button type="button" className="button button-secondary" onClick={clearActivityFilters}>
          Clear
        </button>
        <button type="button" className="button button-secondary" onClick={() => void loadActivity()}>
          Refresh
        </button>
      </div>
    </fieldset>
  );
}

/** Every change on record, newest first: who, from where, what, on which object, before → after (docs/spec.md#activity-log). */
export function ActivityTab(): ReactElement {
  const list = useSnapshot(activity);
  useEffect(() => {
    void loadActivity();
  }, []);
  const narrowed = Object.values(list.filters).some((value) => value !== '');
  const empty =
    list.rows.length > 0
      ? null
      : list.loading
        ? 'Loading…'
        : list.error ||
          (list.failed ? MESSAGES.activityLoadFailed : narrowed ? 'No entries match.' : 'No changes yet.');
  const summary = list.more
    ? `The newest ${formatNumber(list.total)} entries: pick a period for older ones`
    : list.total === 1
      ? '1 entry'
      : `${formatNumber(list.total)} entries`;
  return (
    <>
      <div className="spread-row panel-head">
        <h2>Activity</h2>
      </div>
      <Filters />
      <ActivityEntries label="Activity log" entries={list.rows} busy={list.loading} empty={empty} />
      <Pager page={list.page} pages={list.pages} label="Activity pages" onPage={goToActivityPage} summary={summary} />
      <LicenseActivity />
    </>
  );
}
