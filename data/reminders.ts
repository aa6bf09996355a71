/**
 * Renewal reminders: which licences are due one, and the record that one was queued. The record's
 * key is the licence and its expiry, so a licence gets at most one reminder per expiry date, and
 * an extension (a new expiry) arms the next one.
 */
import { enqueueMail } from './outbox';
import type { NewMail } from './outbox';
import type { Store } from './store';

export type ReminderCandidate = { id: number; license_key: string; email: string; app_type: 'loopbot' | 'loopstream'; expired_date: string };

/**
 * Active licences with an e-mail whose expiry is after `now` and at most `until`, that have had no
 * reminder for that expiry. Through the (status, expiry) index: only the licences in the window are read.
 */
export async function licensesDueReminder(db: Store, now: string, until: string, limit: number): Promise<ReminderCandidate[]> {
  return db.all<ReminderCandidate>(
    `SELECT id, license_key, email, app_type, expired_date FROM licenses
     WHERE status = 'active' AND expired_date > ? AND expired_date <= ? AND email <> ''
       AND NOT EXISTS (SELECT 1 FROM license_reminders r WHERE r.license_id = licenses.id AND r.expired_date = licenses.expired_date)
     ORDER BY expired_date, id LIMIT ?`,
    [now, until, limit],
  );
}

/**
 * Records the reminder for this licence's expiry and queues its message, in one transaction;
 * false (nothing queued) when one was recorded already, by this or another instance, or the
 * licence's expiry moved since it was read.
 */
export async function queueReminder(db: Store, license: ReminderCandidate, mail: NewMail, at: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx.get<{ expired_date: string }>('SELECT expired_date FROM licenses WHERE id = ?', [license.id]);
    if (current?.expired_date !== license.expired_date) return false;
    const taken = await tx.get('SELECT 1 AS taken FROM license_reminders WHERE license_id = ? AND expired_date = ?', [
      license.id,
      license.expired_date,
    ]);
    if (taken) return false;
    const outboxId = await enqueueMail(tx, mail, at);
    await tx.run('INSERT INTO license_reminders (license_id, expired_date, outbox_id, created_at) VALUES (?, ?, ?, ?)', [
      license.id,
      license.expired_date,
      outboxId,
      at,
    ]);
    return true;
  });
}
