import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store';
import { StorefrontSection } from './storefront-section';

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
            min={1}
            max={30}
            step={1}
            aria-describedby="storefront-trial-days-hint"
            value={draft.trial.days}
            onChange={(event) => (target.trial.days = Math.round(Number(event.target.value)) || 1)}
          />
          <span id="storefront-trial-days-hint" className="field-hint">
            From 1 to 30. Switched off, the trial form offers the paid trial plan instead.
          </span>
        </div>
      </div>
    </StorefrontSection>
  );
}
