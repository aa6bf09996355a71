/**
 * Renewal reminders (docs/spec.md#renewal-reminders): every active licence with an e-mail gets one
 * reminder per expiry date, when its reminder lead (reminder-lead.ts: 3 days before, a short term
 * the day before) begins, with the checkout link of the plan it was bought with (else the 1 Bulan
 * or Set 2 link) to renew; a trial's own checkout would sell another trial.
 */
import { licensesInReminderWindow, queueReminder } from '../../data/reminders';
import { listPlans } from '../../data/storefront-plans';
import type { CoreContext } from '../core-context';
import { mailSettingKeys, reminderMail } from '../messages/mail-messages';
import { loadMessageSettings } from '../messages/load-settings';
import type { Settings } from '../messages/license-message';
import { accountUrl } from '../shared/account-url';
import { SYSTEM_ACTOR } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';
import { PRODUCT_NAMES } from '../../contract/rules/products';
import { formatDateForPeople } from '../../contract/rules/shop-time';
import { renewUrlFor } from '../shared/plans';
import { isReminderDue, REMINDER_LEAD_MS } from './reminder-lead';

const BATCH = 200;

/** Queues the reminders now due; returns how many. Run through the store's exclusive job (one scan across instances). */
export async function scanReminders(ctx: CoreContext): Promise<number> {
  const now = ctx.now();
  const plans = await listPlans(ctx.db);
  const window = { now: now.toISOString(), until: new Date(now.getTime() + REMINDER_LEAD_MS).toISOString() };
  let after: { expired_date: string; id: number } | undefined;
  let queued = 0;
  let settings: Settings | undefined;
  for (;;) {
    // Page by (expiry, id): rows not due yet (a short term before its lead) are passed, never read again this scan.
    const page = await licensesInReminderWindow(ctx.db, { ...window, after }, BATCH);
    const last = page[page.length - 1];
    if (!last) return queued;
    after = { expired_date: last.expired_date, id: last.id };
    const due = page.filter((license) => isReminderDue(license, plans, now.getTime()));
    for (const license of due) {
      settings ??= await loadMessageSettings(ctx, [...mailSettingKeys('loopbot'), ...mailSettingKeys('loopstream')]);
      const mail = reminderMail(
        license,
        settings,
        renewUrlFor(plans, license),
        ctx.config.timeZone,
        accountUrl(ctx.config),
      );
      const at = ctx.now().toISOString();
      const added = await queueReminder(
        ctx.db,
        license,
        { kind: 'reminder', to_address: license.email, ...mail, license_id: license.id },
        at,
        (tx, queuedMail) =>
          recordChangeIn(tx, SYSTEM_ACTOR, at, {
            action: 'mail.reminder_sent',
            objectType: 'license',
            objectId: String(license.id),
            summary:
              `renewal reminder to ${license.email} queued: ${PRODUCT_NAMES[license.app_type]} licence expires ` +
              formatDateForPeople(license.expired_date, ctx.config.timeZone),
            before: null,
            after: { outbox_id: queuedMail.outboxId, to: license.email, expired_date: license.expired_date },
          }),
      );
      if (added) queued++;
    }
    if (page.length < BATCH) return queued;
  }
}
