import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withMigratedDatabase } from '../test/harness';
import {
  dueMail,
  enqueueMailIn,
  findMail,
  findMailPage,
  mailCounts,
  markAttemptFailed,
  markSent,
  nextDueAt,
  queueCopy,
  requeueInterrupted,
  retryNow,
  startAttempt,
} from './outbox';

const T0 = '2026-03-01T00:00:00.000Z';
const T1 = '2026-03-01T00:01:00.000Z';
const mail = (to: string, subject = 'Lisensi LoopBOT Anda') => ({
  kind: 'license' as const,
  to_address: to,
  subject,
  body: 'Kunci lisensi: K',
});

test('a message from queued through an interrupted attempt, a failure and its retry, to sent', async () => {
  await withMigratedDatabase(async (db) => {
    const id = await db.transaction((tx) => enqueueMailIn(tx, mail('a@example.com'), T0));
    assert.equal(
      (await dueMail(db, T0, 10)).map((row) => row.id),
      [id],
    );
    assert.is(await startAttempt(db, id, T0), true);
    assert.is(await startAttempt(db, id, T0), false, 'one attempt at a time');
    assert.is(await requeueInterrupted(db, T0), 1);
    assert.is(await startAttempt(db, id, T0), true);
    await markAttemptFailed(db, id, 'ESOCKET: down', T0, T1);
    assert.equal((await dueMail(db, T0, 10)).length, 0);
    assert.is(await nextDueAt(db), T1);
    assert.equal(await mailCounts(db), { waiting: 1, failed: 0 });
    assert.is(await startAttempt(db, id, T1), true);
    await markSent(db, id, T1);
    const sent = await findMail(db, id);
    assert.equal([sent?.status, sent?.attempts, sent?.last_error, sent?.sent_at], ['sent', 3, null, T1]);
    assert.is(await nextDueAt(db), undefined);
    assert.is(await retryNow(db, id, T1), undefined, 'a sent message is not queued again');
    const copy = await queueCopy(db, sent!, T1, { max: 2, windowMs: 3600_000 });
    assert.ok(!('retryAt' in copy));
    assert.equal([copy.kind, copy.status, copy.attempts, copy.to_address], ['resend', 'queued', 0, 'a@example.com']);
    // A copy of the copy counts against the same message's limit.
    assert.ok(!('retryAt' in (await queueCopy(db, copy, T1, { max: 2, windowMs: 3600_000 }))));
    const limited = await queueCopy(db, sent!, T1, { max: 2, windowMs: 3600_000 });
    assert.equal(limited, { retryAt: new Date(Date.parse(T1) + 3600_000).toISOString() });
  });
});

test('a failed message queued again starts its attempts afresh; counts and pages with status and search', async () => {
  await withMigratedDatabase(async (db) => {
    const failed = await db.transaction((tx) => enqueueMailIn(tx, mail('Budi@Example.com'), T0));
    await startAttempt(db, failed, T0);
    await markAttemptFailed(db, failed, '550 no such user', T0, undefined);
    await db.transaction((tx) => enqueueMailIn(tx, mail('siti@example.com', 'Pengingat: 100%_off'), T1));
    assert.equal(await mailCounts(db), { waiting: 1, failed: 1 });
    assert.equal(
      (await findMailPage(db, { status: 'failed', search: '', page: 1, perPage: 10 })).messages.map((row) => row.id),
      [failed],
    );
    assert.is((await findMailPage(db, { search: 'budi@', page: 1, perPage: 10 })).total, 1);
    assert.is((await findMailPage(db, { search: '100%_', page: 1, perPage: 10 })).total, 1);
    assert.is((await findMailPage(db, { search: '1000', page: 1, perPage: 10 })).total, 0);
    const page = await findMailPage(db, { search: '', page: 2, perPage: 1 });
    assert.equal([page.total, page.pages, page.messages[0]?.id], [2, 2, failed]);
    const again = await retryNow(db, failed, T1);
    assert.equal([again?.status, again?.attempts, again?.next_attempt_at], ['queued', 0, T1]);
  });
});

test.run();
