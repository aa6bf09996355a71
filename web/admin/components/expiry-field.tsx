import { useId } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { wallTimeDaysAhead, wallTimeToMoment, zoneLabel } from '../../../contract/rules/shop-time';
import { store } from '../state/store';

/** Days from now the owner sells most: a trial, a month, three, six, a year. */
export const EXPIRY_PRESETS = [4, 30, 90, 180, 365] as const;

type ExpiryFieldProps = {
  /** A `datetime-local` value: the wall time in the shop's zone. */
  value: string;
  onChange: (value: string) => void;
  /** What expires, for the warning: 'licence', 'access'. */
  subject: string;
};

/** The expiry of a create or edit form: typed in the shop's zone, with presets from now and a warning for a past date. */
export function ExpiryField({ value, onChange, subject }: ExpiryFieldProps): ReactElement {
  const { timeZone } = useSnapshot(store);
  const id = useId();
  const label = zoneLabel(Date.now(), timeZone);
  const moment = wallTimeToMoment(value, timeZone);
  const past = moment !== undefined && moment <= Date.now();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Expiry date and time <span className="muted">({label})</span>
      </label>
      <input
        id={id}
        type="datetime-local"
        name="expired_date"
        required
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="presets" role="group" aria-label="Set the expiry from now">
        {EXPIRY_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className="button button-small button-secondary"
            onClick={() => onChange(wallTimeDaysAhead(days, timeZone))}
          >
            +{days} days
          </button>
        ))}
      </div>
      <span id={`${id}-hint`} className={past ? 'field-hint field-warning' : 'field-hint'} aria-live="polite">
        {past
          ? `This date is in the past: the ${subject} would be expired at once.`
          : `Shop time (${label}, ${timeZone}), whatever this device's clock says.`}
      </span>
    </div>
  );
}
