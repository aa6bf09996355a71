/** The owner's trial settings (Storefront tab), read where a trial is offered or issued. */
import { readStorefrontValues } from '../../data/storefront-values';
import type { Sql } from '../../data/store';
import { TRIAL_DAYS_DEFAULT, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '../../contract/rules/durations';

export async function trialSettings(db: Sql): Promise<{ enabled: boolean; days: number }> {
  const { trial } = await readStorefrontValues(db);
  const days = Number.isInteger(trial.days)
    ? Math.min(TRIAL_DAYS_MAX, Math.max(TRIAL_DAYS_MIN, trial.days))
    : TRIAL_DAYS_DEFAULT;
  return { enabled: trial.enabled !== false, days };
}
