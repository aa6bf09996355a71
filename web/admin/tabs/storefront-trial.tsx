import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store';
import { StorefrontSection } from './storefront-section';
import { TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../../contract/rules/durations';

/** The free LoopBOT trial (docs/spec.md#free-trial): offered or not, and its length. */
export function StorefrontTrial(): ReactElement | null {
  const { draft } = useSnapshot(store.storefront);
  const target = store.storefront.draft;
  if (!draft || !target) return null;
  return (
    <StorefrontSection name="trial" title="Free trial">
      <div className="form">
        <label className="trial-switch">
          <input
            type="checkbox"
            className="check"
            checked={draft.trial.enabled}
            onChange={(event) => (target.trial.enabled = event.target.checked)}
          />
          <span>Offer the free LoopBOT trial (one per e-mail address and per computer)</span>
        </label>
        <div className="field">
          <label className="field-label" htmlFor="storefront-trial-days">
            Trial length (days)
          </label>
          <input
            id="storefront-trial-days"
            className="trial-days"
            type="number"
            min={TRIAL_DAYS_MIN}
            max={TRIAL_DAYS_MAX}
            step={1}
            aria-describedby="storefront-trial-days-hint"
            value={draft.trial.days}
            onChange={(event) => (target.trial.days = Math.round(Number(event.target.value)) || TRIAL_DAYS_MIN)}
          />
          <span id="storefront-trial-days-hint" className="field-hint">
            From {TRIAL_DAYS_MIN} to {TRIAL_DAYS_MAX}. Switched off, the trial form offers the paid trial plan instead.
          </span>
        </div>
      </div>
    </StorefrontSection>
  );
}
