import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { withMigratedDatabase } from '../test/harness';
import { importLicenses } from './licenses/licenses';
import { linkOrderLicenseIn } from './orders';
import { insertTrialIn } from './trials';
import { licensesInReminderWindow, queueReminder } from './reminders';

const NOW = '2026-03-01T00:00:00.000Z';
const UNTIL = '2026-03-04T00:00:00.000Z';
const WINDOW = { now: NOW, until: UNTIL };

function license(key: string, email: string, expiry: string, status = 'active') {
  return {
    license_key: key,
    key_sha256: createHash('sha256').update(key).digest('hex'),
    email,
    app_type: 'loopbot' as const,
    expired_date: expiry,
    status,
  };
}

test('due: active, with an e-mail, expiring after now and within the window, not reminded for that expiry yet', async () => {
  await withMigratedDatabase(async (db) => {
    const [due, , , , suspended] = await importLicenses(
      db,
      [
        license('00000000-0000-4000-8000-000000000001', 'a@example.com', '2026-03-03T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000002', 'b@example.com', '2026-03-05T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000003', 'c@example.com', '2026-02-28T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000004', '', '2026-03-02T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000005', 'e@example.com', '2026-03-02T00:00:00.000Z', 'suspended'),
      ],
      NOW,
    );
    assert.ok(suspended);
    const candidates = await licensesInReminderWindow(db, WINDOW, 10);
    assert.equal(
      candidates.map((row) => row.id),
      [due],
    );
    const mail = { kind: 'reminder' as const, to_address: 'a@example.com', subject: 'S', body: 'B', license_id: due };
    assert.is(await queueReminder(db, candidates[0]!, mail, NOW), true);
    assert.is(await queueReminder(db, candidates[0]!, mail, NOW), false, 'once per expiry');
    assert.equal(await licensesInReminderWindow(db, WINDOW, 10), []);
    // Another expiry (an extension, then time passing) is due again.
    await db.run('UPDATE licenses SET expired_date = ? WHERE id = ?', ['2026-03-03T12:00:00.000Z', due!]);
    assert.is(
      await queueReminder(db, candidates[0]!, mail, NOW),
      false,
      'an expiry read before it moved is not reminded',
    );
    assert.equal(
      (await licensesInReminderWindow(db, WINDOW, 10)).map((row) => row.expired_date),
      ['2026-03-03T12:00:00.000Z'],
    );
  });
});

test('window: each candidate carries its latest plan and its free trial start, paged by (expiry, id)', async () => {
  await withMigratedDatabase(async (db) => {
    const [bought, trial, plain] = await importLicenses(
      db,
      [
        license('00000000-0000-4000-8000-000000000011', 'a@example.com', '2026-03-03T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000012', 'b@example.com', '2026-03-03T00:00:00.000Z'),
        license('00000000-0000-4000-8000-000000000014', 'd@example.com', '2026-03-03T06:00:00.000Z'),
      ],
      NOW,
    );
    await db.transaction(async (tx) => {
      await linkOrderLicenseIn(tx, {
        order_id: 1,
        license_id: bought!,
        change: 'created',
        days: 30,
        plan_id: 'loopbot-1-bulan',
      });
      await linkOrderLicenseIn(tx, {
        order_id: 2,
        license_id: bought!,
        change: 'extended',
        days: 90,
        plan_id: 'loopbot-3-bulan',
      });
      await insertTrialIn(tx, 'b@example.com', trial!, '2026-02-28T00:00:00.000Z');
    });
    const all = await licensesInReminderWindow(db, WINDOW, 10);
    assert.equal(
      all.map((row) => [row.id, row.plan_id, row.trial_since]),
      [
        [bought, 'loopbot-3-bulan', null],
        [trial, null, '2026-02-28T00:00:00.000Z'],
        [plain, null, null],
      ],
    );
    const first = await licensesInReminderWindow(db, WINDOW, 1);
    const rest = await licensesInReminderWindow(db, { ...WINDOW, after: first[0]! }, 10);
    assert.equal(
      [...first, ...rest].map((row) => row.id),
      [bought, trial, plain],
    );
  });
});

test.run();
