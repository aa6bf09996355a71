/**
 * /lisensi says what is true after a release (docs/spec.md#buyer-account): whether the next
 * activation works and when the move limit resets (the 30-day move window, not the expiry), and a
 * used key is not "never used". A free trial the app refused on a device that already had a trial
 * says so instead of "Aktif".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { AccountLicense } from '../../contract/calls/account-records';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { buyerCookieOf, DAY_MS, freshIp, licenseOf, mailedToken, openLink, signIn } from './buyer-helpers';
import { activate, deactivate, deviceId } from './license-app-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', LICENSE_MAX_MOVES: '1' });
});
test.after(async () => {
  await server.close();
});

async function shown(cookie: string, id: number): Promise<AccountLicense> {
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is(account.status, 200, account.text);
  return (account.json.licenses as AccountLicense[]).find((license) => license.id === id)!;
}

test('after a release at the limit: the next activation is free, the limit resets 30 days after the release', async () => {
  const license = await licenseOf(server, 'rina@example.com', 300);
  const cookie = await signIn(server, 'rina@example.com');
  assert.equal((await shown(cookie, license.id)).next_activation, 'free', 'never activated');
  assert.is((await shown(cookie, license.id)).last_device_name, null);
  assert.is((await activate(server, license.key, deviceId('old'))).status, 201);
  const bound = await shown(cookie, license.id);
  assert.equal([bound.next_activation, bound.moves_used, bound.moves_max, bound.moves_reset_at], ['bound', 0, 1, null]);

  const released = await call(server.url, 'POST', `/api/account/licenses/${license.id}/release`, { cookie });
  assert.is(released.status, 200, released.text);
  const after = released.json.license as AccountLicense;
  assert.equal([after.device_bound, after.next_activation, after.moves_used], [false, 'free', 1]);
  assert.is(after.last_device_name, `PC ${deviceId('old').slice(7, 12)}`, 'the key was used: its last computer');
  const resets = Date.parse(after.moves_reset_at!);
  const now = server.app.ctx.now().getTime();
  assert.ok(
    Math.abs(resets - (now + 30 * DAY_MS)) < 60_000,
    `resets 30 days after the release: ${after.moves_reset_at}`,
  );
  assert.ok(Date.parse(after.expired_date) - resets > 200 * DAY_MS, 'not the licence expiry');

  // What the page said is what happens: the new computer activates.
  assert.equal((await activate(server, license.key, deviceId('new'))).json.code, 'ACTIVATED');
  assert.is((await shown(cookie, license.id)).next_activation, 'bound');

  // The app drops it on the new computer: that one still works, another is over the limit until the reset.
  assert.is((await deactivate(server, license.key, deviceId('new'))).status, 200);
  const dropped = await shown(cookie, license.id);
  assert.equal([dropped.next_activation, dropped.moves_reset_at], ['refused', after.moves_reset_at]);
  assert.equal((await activate(server, license.key, deviceId('third'))).json.code, 'TRANSFER_LIMIT_REACHED');
  assert.equal((await activate(server, license.key, deviceId('new'))).json.code, 'ACTIVATED');
});

test('below the limit, a device the app dropped: another computer works and counts as one move', async () => {
  const license = await licenseOf(server, 'dodi@example.com');
  const cookie = await signIn(server, 'dodi@example.com');
  assert.is((await activate(server, license.key, deviceId('dodi-a'))).status, 201);
  assert.is((await deactivate(server, license.key, deviceId('dodi-a'))).status, 200);
  const dropped = await shown(cookie, license.id);
  assert.equal([dropped.next_activation, dropped.moves_used], ['counted', 0]);
  assert.equal((await activate(server, license.key, deviceId('dodi-b'))).json.code, 'ACTIVATED');
  assert.is((await shown(cookie, license.id)).moves_used, 1);
});

async function takeTrial(email: string): Promise<{ id: number; key: string; cookie: string }> {
  assert.is((await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() })).status, 200);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!);
  const id = (opened.json.trial as { license_id: number }).license_id;
  const row = await server.app.ctx.db.get<{ license_key: string }>('SELECT license_key FROM licenses WHERE id = ?', [
    id,
  ]);
  return { id, key: row!.license_key, cookie: buyerCookieOf(opened) };
}

test('a second trial refused on a device that had a trial: its card says it cannot be activated there, not "Aktif"', async () => {
  const first = await takeTrial('budi@example.com');
  const second = await takeTrial('budi.lain@example.com');
  assert.is((await activate(server, first.key, deviceId('budi-pc'))).status, 201);
  const fresh = await shown(second.cookie, second.id);
  assert.equal([fresh.state_text, fresh.trial_refused_at], ['Aktif', null], 'not refused yet');

  assert.equal((await activate(server, second.key, deviceId('budi-pc'))).json.code, 'TRIAL_ALREADY_USED');
  const refused = await shown(second.cookie, second.id);
  assert.equal([refused.state, refused.state_text, refused.trial], ['active', 'Tidak bisa diaktifkan', true]);
  assert.ok(refused.trial_refused_at, 'when the app refused it');

  // On a computer that never had a trial it works, and the card is "Aktif" again.
  assert.equal((await activate(server, second.key, deviceId('budi-other'))).json.code, 'ACTIVATED');
  const used = await shown(second.cookie, second.id);
  assert.equal([used.state_text, used.trial_refused_at], ['Aktif', null]);
});

test.run();
