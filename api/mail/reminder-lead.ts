/**
 * The one rule for how long before its end a licence is reminded (docs/spec.md#renewal-reminders),
 * from what the licence is. Its term is the days of the plan its latest order paid for; a free
 * trial with no order since is as long as it is (from the trial's start to its expiry); a licence
 * neither made (created or imported by the owner) counts as a full-length one. A term of 30 days or
 * more is reminded 3 days before its end; a shorter one the day before, and never before its last
 * third, so no licence is reminded the moment it is issued (a 1-day trial: 8 hours before).
 */
import type { PlanRow } from '../../data/storefront-plans';
import { DAY_MS } from '../../contract/rules/durations';
import { SHORT_TERM_DAYS } from '../shared/plans';

export const REMINDER_LEAD_MS = 3 * DAY_MS;
export const SHORT_TERM_LEAD_MS = DAY_MS;
/** What the rule reads of a licence: its expiry, its latest order's plan, and when its free trial began. */
export type LicenseTerm = {
  expired_date: string;
  /** The plan of the latest order that issued or extended it; null when no order did. */
  plan_id: string | null;
  /** When its free trial was issued; null when it is not a free trial. */
  trial_since: string | null;
};

/** The licence's term in days; null when unknown (no order, no trial, or a plan without a length). */
export function termDays(license: LicenseTerm, plans: readonly Pick<PlanRow, 'id' | 'duration_days'>[]): number | null {
  if (license.plan_id !== null) return plans.find((plan) => plan.id === license.plan_id)?.duration_days ?? null;
  if (license.trial_since !== null)
    return (Date.parse(license.expired_date) - Date.parse(license.trial_since)) / DAY_MS;
  return null;
}

/** How long before its end a licence of this term is reminded. */
export function reminderLeadMs(term: number | null): number {
  if (term === null || term >= SHORT_TERM_DAYS) return REMINDER_LEAD_MS;
  return Math.min(SHORT_TERM_LEAD_MS, (term * DAY_MS) / 3);
}

/** True once the licence is within its reminder lead of its end (and not yet past it). */
export function isReminderDue(
  license: LicenseTerm,
  plans: readonly Pick<PlanRow, 'id' | 'duration_days'>[],
  now: number,
): boolean {
  const left = Date.parse(license.expired_date) - now;
  return left > 0 && left <= reminderLeadMs(termDays(license, plans));
}
