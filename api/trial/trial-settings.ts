/** The owner's trial settings (Storefront tab), read where a trial is offered or issued. */
import { readStorefrontValues } from '../../data/storefront-values';
import type { Sql } from '../../data/store';

export const TRIAL_MAX_DAYS = 30;

export async function trialSettings(db: Sql): Promise<{ enabled: boolean; days: number }> {
  const { trial } = await readStorefrontValues(db);
  const days = Number.isInteger(trial.days) ? Math.min(TRIAL_MAX_DAYS, Math.max(1, trial.days)) : 3;
  return { enabled: trial.enabled !== false, days };
}
