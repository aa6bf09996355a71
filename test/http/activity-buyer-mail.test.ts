/**
 * The buyer's steps, the free trial, renewal reminders and the owner's mail resends in the activity
 * log: each leaves exactly one entry with the right actor (the buyer's e-mail, "system", the admin)
 * and IP; a refused step (a used link, an unknown message) and a step that changes nothing leave none.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answeredWorkSettled } from '../../api/shared/after-answer';
import { call } from '../harness';
import { activitySuite, onlyAdminEntry } from './activity-helpers';
import type { Entry } from './activity-helpers';
import { buyerCookieOf, mailedToken } from './buyer-helpers';
import { activate, deviceId } from './license-app-helpers';

const log = activitySuite(test);
const EMAIL = 'tari@example.com';
let token = '';
let cookie = '';
let licenseId = 0;

const from = (ip: string, extra: { cookie?: string; body?: unknown } = {}) => ({
  ...extra,
  headers: { 'x-forwarded-for': ip },
});

function buyerEntries(entries: Entry[], ip: string): string[] {
  for (const entry of entries) assert.equal([entry.actor, entry.actor_label, entry.ip], ['buyer', EMAIL, ip]);
  return entries.map((entry) => entry.action);
}

test('the free trial: link asked, link opened (signed in, trial issued); the used link again records nothing', async () => {
  const asked = await log.added(async () =>
    assert.is(
      (await call(log.server.url, 'POST', '/api/trial', from('203.0.113.101', { body: { email: EMAIL } }))).status,
      200,
    ),
  );
  assert.equal(buyerEntries(asked, '203.0.113.101'), ['buyer.link_requested']);
  assert.equal(asked[0]!.after, { purpose: 'trial' });
  token = (await mailedToken(log.server.app.ctx.db, EMAIL))!;
  const opened = await log.added(async () => {
    const answer = await call(
      log.server.url,
      'POST',
      '/api/account/session',
      from('203.0.113.102', { body: { token } }),
    );
    assert.is(answer.status, 200, answer.text);
    cookie = buyerCookieOf(answer);
    licenseId = Number((answer.json.trial as { license_id: number }).license_id);
  });
  assert.equal(buyerEntries(opened, '203.0.113.102'), ['buyer.signed_in', 'trial.issued']);
  const trial = opened[1]!;
  assert.equal([trial.object_type, trial.object_id], ['license', String(licenseId)]);
  assert.equal((trial.after as { expired_date: string }).expired_date, '2026-06-04T03:00:00.000Z');
  assert.is(trial.summary, `free LoopBOT trial for ${EMAIL}: 3 days, until 4 June 2026`);
  const again = await log.added(async () =>
    assert.is(
      (await call(log.server.url, 'POST', '/api/account/session', from('203.0.113.103', { body: { token } }))).status,
      400,
    ),
  );
  assert.equal(again, []);
});

test('a sign-in link: one entry for a known buyer, none for an unknown address (nothing stored)', async () => {
  // The link is stored after the answer (its timing must not tell who bought): wait for that work.
  const known = await log.added(async () => {
    await call(log.server.url, 'POST', '/api/account/link', from('203.0.113.104', { body: { email: EMAIL } }));
    await answeredWorkSettled();
  });
  assert.equal(buyerEntries(known, '203.0.113.104'), ['buyer.link_requested']);
  const unknown = await log.added(async () => {
    await call(
      log.server.url,
      'POST',
      '/api/account/link',
      from('203.0.113.105', { body: { email: 'nobody@example.com' } }),
    );
    await answeredWorkSettled();
  });
  assert.equal(unknown, []);
});

test('releasing the device: one entry with the device before → after; nothing bound: 409 and none', async () => {
  const key = (await log.server.app.ctx.db.get<{ license_key: string }>(
    'SELECT license_key FROM licenses WHERE id = ?',
    [licenseId],
  ))!.license_key;
  assert.is((await activate(log.server, key, deviceId('laptop'))).status, 201);
  const release = () =>
    call(log.server.url, 'POST', `/api/account/licenses/${licenseId}/release`, from('203.0.113.106', { cookie }));
  const released = await log.added(async () => assert.is((await release()).status, 200));
  assert.equal(buyerEntries(released, '203.0.113.106'), ['license.device_unbound']);
  assert.equal((released[0]!.before as { device_id: string }).device_id, deviceId('laptop'));
  assert.equal(await log.added(async () => assert.is((await release()).status, 409)), []);
});

test('the licence e-mailed again at the buyer’s request: one entry on the licence; over the limit 429 and none', async () => {
  const again = () =>
    call(log.server.url, 'POST', `/api/account/licenses/${licenseId}/email`, from('203.0.113.108', { cookie }));
  const sent = await log.added(async () => assert.is((await again()).status, 200));
  assert.equal(buyerEntries(sent, '203.0.113.108'), ['mail.resent']);
  assert.equal([sent[0]!.object_type, sent[0]!.object_id], ['license', String(licenseId)]);
  let status = 200;
  for (let tries = 0; tries < 10 && status === 200; tries++) {
    const entries = await log.added(async () => (status = (await again()).status));
    assert.is(entries.length, status === 200 ? 1 : 0, `status ${status}`);
  }
  assert.is(status, 429, 'the resends per licence are limited');
});

test('signing out: one entry; again with the ended session, none', async () => {
  const logout = () => call(log.server.url, 'POST', '/api/account/logout', from('203.0.113.107', { cookie }));
  assert.equal(buyerEntries(await log.added(logout), '203.0.113.107'), ['buyer.signed_out']);
  assert.equal(await log.added(logout), []);
});

test('a renewal reminder queued by the scan: one entry by "system"; the next scan adds none', async () => {
  const scan = () => log.server.app.ctx.mail.scanReminders();
  // The 3-day trial is reminded in its last day (api/mail/reminder-lead.ts), never as it is issued.
  assert.equal(await log.added(async () => assert.is(await scan(), 0)), []);
  const issuedAt = log.clock.now;
  const entries = await log.added(async () => {
    log.clock.now = new Date(Date.parse('2026-06-04T03:00:00.000Z') - 12 * 3600_000);
    try {
      assert.is(await scan(), 1);
    } finally {
      log.clock.now = issuedAt; // the admin's session, which reads the log, is hours old then
    }
  });
  assert.equal(entries.length, 1, JSON.stringify(entries));
  const entry = entries[0]!;
  assert.equal(
    [entry.actor, entry.actor_label, entry.ip, entry.action, entry.object_type, entry.object_id],
    ['system', null, null, 'mail.reminder_sent', 'license', String(licenseId)],
  );
  assert.is(entry.summary, `renewal reminder to ${EMAIL} queued: LoopBOT licence expires 4 June 2026`);
  assert.equal(await log.added(async () => assert.is(await scan(), 0)), []);
});

test("the owner's mail resend: one entry naming the message; an unknown message 404 and none", async () => {
  const waiting = (await log.server.app.ctx.db.get<{ id: number }>("SELECT id FROM outbox WHERE kind = 'reminder'"))!
    .id;
  const entry = onlyAdminEntry(
    await log.added(async () => assert.is((await log.api('POST', `/api/mail/resend/${waiting}`)).status, 200)),
    'mail.resent',
    'mail',
    String(waiting),
  );
  assert.equal((entry.before as { status: string }).status, 'queued');
  assert.equal(
    await log.added(async () => assert.is((await log.api('POST', '/api/mail/resend/999999')).status, 404)),
    [],
  );
});

test.run();
