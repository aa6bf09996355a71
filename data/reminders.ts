/**
 * Renewal reminders: which licences are due one, and the record that one was queued. The record's
 * key is the licence and its expiry, so a licence gets at most one reminder per expiry date, and
 * an extension (a new expiry) arms the next one.
 */
import { enqueueMailIn } from './outbox';
import type { NewMail } from './outbox';
import type { SqlValue, Store } from './store';
import type { APP_TYPES, Word } from '../contract/rules/vocabulary';
import type { WithinChange } from './activity/activity-log';

export type ReminderCandidate = {
  id: number;
  license_key: string;
  email: string;
  app_type: Word<typeof APP_TYPES>;
  expired_date: string;
  /** The plan of the latest order that issued or extended the licence; null when no order did. */
  plan_id: string | null;
  /** When its free trial was issued; null when it is not a free trial. */
  trial_since: string | null;
};

/**
 * Expiries after `now` and at most `until` (the longest reminder lead) are read, after `after` (the
 * last row of the previous page) in (expiry, id) order; the scan decides which are due.
 */
export type ReminderWindow = { now: string; until: string; after?: { expired_date: string; id: number } };

/**
 * Active licences with an e-mail in the window that have had no reminder for that expiry, each
 * with its latest plan and its free trial's start, in ONE statement (subquery columns, not a query
 * per licence). Through the (status, expiry) index: only the licences in the window are read.
 */
export async function licensesInReminderWindow(
  db: Store,
  window: ReminderWindow,
  limit: number,
): Promise<ReminderCandidate[]> {
  const after = window.after ?? { expired_date: window.now, id: 0 };
  const params: SqlValue[] = [window.now, window.until, after.expired_date, after.expired_date, after.id, limit];
  return db.all<ReminderCandidate>(
    `SELECT id, license_key, email, app_type, expired_date,
       (SELECT ol.plan_id FROM order_licenses ol WHERE ol.license_id = licenses.id AND ol.plan_id IS NOT NULL
        ORDER BY ol.order_id DESC LIMIT 1) AS plan_id,
       (SELECT t.created_at FROM trials t WHERE t.license_id = licenses.id) AS trial_since
     FROM licenses
     WHERE status = 'active' AND expired_date > ? AND expired_date <= ? AND email <> ''
       AND (expired_date > ? OR (expired_date = ? AND id > ?))
       AND NOT EXISTS (SELECT 1 FROM license_reminders r WHERE r.license_id = licenses.id AND r.expired_date = licenses.expired_date)
     ORDER BY expired_date, id LIMIT ?`,
    params,
  );
}

/**
 * Records the reminder for this licence's expiry and queues its message, in one transaction;
 * false (nothing queued) when one was recorded already, by this or another instance, or the
 * licence's expiry moved since it was read.
 */
export async function queueReminder(
  db: Store,
  license: Pick<ReminderCandidate, 'id' | 'expired_date'>,
  mail: NewMail,
  at: string,
  within?: WithinChange<{ outboxId: number }>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx.get<{ expired_date: string }>('SELECT expired_date FROM licenses WHERE id = ?', [
      license.id,
    ]);
    if (current?.expired_date !== license.expired_date) return false;
    const taken = await tx.get('SELECT 1 AS taken FROM license_reminders WHERE license_id = ? AND expired_date = ?', [
      license.id,
      license.expired_date,
    ]);
    if (taken) return false;
    const outboxId = await enqueueMailIn(tx, mail, at);
    await tx.run(
      'INSERT INTO license_reminders (license_id, expired_date, outbox_id, created_at) VALUES (?, ?, ?, ?)',
      [license.id, license.expired_date, outboxId, at],
    );
    await within?.(tx, { outboxId });
    return true;
  });
}
