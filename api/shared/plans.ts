/**
 * Plan rules several features read: which plan is a trial (a term shorter than 30 days, paid or
 * free), and the checkout link a licence is renewed with (e-mails, /lisensi, the settings preview).
 */
import type { ReminderCandidate } from '../../data/reminders';
import type { PlanRow } from '../../data/storefront-plans';

/** A term shorter than this is short (a trial, paid or free). */
export const SHORT_TERM_DAYS = 30;

export function isTrialPlan(plan: Pick<PlanRow, 'duration_days'>): boolean {
  return plan.duration_days !== null && plan.duration_days < SHORT_TERM_DAYS;
}

/** An unknown plan falls back to the 1-month link (LoopBOT) or Set 2 (LoopStream): docs/spec.md#fallback-plan. */
const FALLBACK_PLAN: Record<ReminderCandidate['app_type'], string> = {
  loopbot: 'loopbot-1-bulan',
  loopstream: 'loopstream-set-2',
};

/** The checkout link a licence is renewed with: its last order's plan while that is on sale and not a trial, else the fallback plan's. */
export function renewUrlFor(
  plans: readonly PlanRow[],
  license: Pick<ReminderCandidate, 'app_type' | 'plan_id'>,
): string {
  const onSale = (id: string | null): PlanRow | undefined =>
    plans.find((plan) => plan.id === id && plan.available && plan.checkout_url !== '');
  const bought = onSale(license.plan_id);
  return (bought && !isTrialPlan(bought) ? bought : onSale(FALLBACK_PLAN[license.app_type]))?.checkout_url ?? '';
}
