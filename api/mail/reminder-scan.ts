/**
 * Renewal reminders (SPEC §4: "reminder 3 days before expiry"): every active licence with an
 * e-mail whose expiry is within three days gets one reminder per expiry date, with the checkout
 * link of the plan it was bought with (else the 1 Bulan or Set 2 link) to renew.
 */
import { configValues } from '../../data/configs';
import { latestPlanOfLicense } from '../../data/orders';
import { licensesDueReminder, queueReminder } from '../../data/reminders';
import type { ReminderCandidate } from '../../data/reminders';
import { listPlans } from '../../data/storefront-plans';
import type { PlanRow } from '../../data/storefront-plans';
import type { Sql } from '../../data/store';
import type { CoreContext } from '../core-context';
import { mailSettingKeys, reminderMail } from '../messages/mail-messages';

export const REMINDER_WINDOW_MS = 3 * 24 * 3600 * 1000;
const BATCH = 200;

/** SPEC §9: an unknown plan falls back to the 1-month link (LoopBOT) or Set 2 (LoopStream). */
const FALLBACK_PLAN: Record<ReminderCandidate['app_type'], string> = { loopbot: 'loopbot-1-bulan', loopstream: 'loopstream-set-2' };

/** The checkout link a licence is renewed with: its last order's plan while that is on sale, else the fallback plan's. */
export async function renewUrlFor(db: Sql, plans: readonly PlanRow[], license: Pick<ReminderCandidate, 'id' | 'app_type'>): Promise<string> {
  const onSale = (id: string | undefined): PlanRow | undefined => plans.find((plan) => plan.id === id && plan.available && plan.checkout_url !== '');
  const bought = onSale(await latestPlanOfLicense(db, license.id));
  return (bought ?? onSale(FALLBACK_PLAN[license.app_type]))?.checkout_url ?? '';
}

/** Queues the reminders now due; returns how many. Run through the store's exclusive job (one scan across instances). */
export async function scanReminders(ctx: CoreContext): Promise<number> {
  const now = ctx.now();
  const until = new Date(now.getTime() + REMINDER_WINDOW_MS).toISOString();
  let queued = 0;
  let plans: PlanRow[] | undefined;
  let settings: Map<string, string> | undefined;
  for (;;) {
    const due = await licensesDueReminder(ctx.db, now.toISOString(), until, BATCH);
    if (due.length === 0) return queued;
    plans ??= await listPlans(ctx.db);
    settings ??= await configValues(ctx.db, [...mailSettingKeys('loopbot'), ...mailSettingKeys('loopstream')]);
    let progressed = false;
    for (const license of due) {
      const mail = reminderMail(license, settings, await renewUrlFor(ctx.db, plans, license), ctx.config.timeZone);
      const at = ctx.now().toISOString();
      const added = await queueReminder(ctx.db, license, { kind: 'reminder', to_address: license.email, ...mail, license_id: license.id }, at);
      if (added) queued++;
      progressed ||= added;
    }
    // Rows that could not be queued (their expiry moved meanwhile) would come back forever.
    if (!progressed || due.length < BATCH) return queued;
  }
}
