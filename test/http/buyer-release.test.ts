/**
 * "Lepas perangkat" counts against the move limit like an activation on a new device; the old
 * device's next validate has no lease. Resends are limited. Refusals a buyer can fix name /lisensi.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { licenseOf, signIn } from './buyer-helpers';
import { activate, deactivate, deviceId, validate } from './license-app-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', LICENSE_MAX_MOVES: '2' });
});
test.after(async () => {
  await server.close();
});

const release = (id: number, cookie: string) =>
  call(server.url, 'POST', `/api/account/licenses/${id}/release`, { cookie });

test('release frees the device: the old one gets no lease at its next validate, a new one activates', async () => {
  const license = await licenseOf(server, 'mover@example.com');
  const cookie = await signIn(server, 'mover@example.com');
  assert.is((await activate(server, license.key, deviceId('old'))).status, 201);
  const released = await release(license.id, cookie);
  assert.is(released.status, 200, released.text);
  assert.equal((released.json.license as { device_bound: boolean }).device_bound, false);
  const old = await validate(server, license.key, deviceId('old'));
  assert.equal([old.status, old.json.code, old.json.valid, old.json.lease], [403, 'NOT_ACTIVATED', false, null]);
  const fresh = await activate(server, license.key, deviceId('new'));
  assert.equal([fresh.status, fresh.json.code], [201, 'ACTIVATED']);
});

test('releases count against LICENSE_MAX_MOVES: at the limit 429 with when, and the app cannot move either', async () => {
  const license = await licenseOf(server, 'limit@example.com');
  const cookie = await signIn(server, 'limit@example.com');
  assert.is((await release(license.id, cookie)).status, 409, 'no device bound yet');
  for (const name of ['one', 'two']) {
    assert.is((await activate(server, license.key, deviceId(name))).status, 201);
    assert.is((await release(license.id, cookie)).status, 200);
  }
  assert.is(
    (await activate(server, license.key, deviceId('three'))).status,
    201,
    'after a release the activation is not counted again',
  );
  const refused = await release(license.id, cookie);
  assert.is(refused.status, 429, refused.text);
  assert.ok(Number(refused.headers.get('retry-after')) > 29 * 24 * 3600);
  assert.ok(Date.parse(String(refused.json.next_move_at)) > Date.now() + 29 * 24 * 3600 * 1000);
  assert.match(String(refused.json.error), /Batas pindah perangkat tercapai \(2 kali dalam 30 hari\).*WIB/);
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is(
    (account.json.licenses as Array<{ next_move_at: string | null }>)[0]!.next_move_at,
    refused.json.next_move_at,
  );
  assert.is((await deactivate(server, license.key, deviceId('three'))).status, 200);
  const moved = await activate(server, license.key, deviceId('four'));
  assert.equal([moved.status, moved.json.code], [429, 'TRANSFER_LIMIT_REACHED']);
  assert.match(String(moved.json.account_url), /^http:\/\/[^/]+\/lisensi$/);
});

test("the buyer's actions are in the licence's events the owner reads, with actor buyer", async () => {
  const license = await licenseOf(server, 'seen@example.com');
  const cookie = await signIn(server, 'seen@example.com');
  await activate(server, license.key, deviceId('seen'));
  await release(license.id, cookie);
  await call(server.url, 'POST', `/api/account/licenses/${license.id}/email`, { cookie });
  const events = await call(server.url, 'GET', `/api/license/events/${license.id}`, {
    cookie: await loginCookie(server.url),
  });
  const mine = (events.json.events as Array<{ type: string; actor: string }>)
    .filter((event) => event.actor === 'buyer')
    .map((event) => event.type);
  assert.equal(mine, ['device_released', 'mail_resent']);
});

test('the licence e-mail again: 3 a day per licence, then 429 with Retry-After', async () => {
  const license = await licenseOf(server, 'resend@example.com');
  const cookie = await signIn(server, 'resend@example.com');
  for (let i = 0; i < 3; i++)
    assert.is((await call(server.url, 'POST', `/api/account/licenses/${license.id}/email`, { cookie })).status, 200);
  const refused = await call(server.url, 'POST', `/api/account/licenses/${license.id}/email`, { cookie });
  assert.is(refused.status, 429);
  assert.ok(Number(refused.headers.get('retry-after')) > 3600);
  assert.match(String(refused.json.error), /Coba lagi dalam \d+ jam/);
  const mails = await server.app.ctx.db.all<{ body: string }>(
    "SELECT body FROM outbox WHERE kind = 'license' AND license_id = ?",
    [license.id],
  );
  assert.is(mails.length, 3);
  assert.ok(mails[0]!.body.includes(license.key) && /Cek lisensi Anda: \S+\/lisensi/.test(mails[0]!.body));
});

test('an expired licence is refused with the /lisensi address', async () => {
  const license = await licenseOf(server, 'expired@example.com', -1);
  const answer = await activate(server, license.key, deviceId('exp'));
  assert.equal([answer.status, answer.json.code], [403, 'LICENSE_EXPIRED']);
  assert.match(String(answer.json.account_url), /\/lisensi$/);
});

test.run();
