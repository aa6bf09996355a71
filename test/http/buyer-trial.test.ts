/**
 * The free trial: its link issues a LoopBOT trial licence once per address ever (any case), a
 * device that held a trial refuses another trial key, and the owner's switch turns it off.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { buyerCookieOf, freshIp, mailedToken, openLink } from './buyer-helpers';
import { activate, deviceId, validate } from './license-app-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
test.after(async () => {
  await server.close();
});

type Trial = { issued: boolean; license_id: number | null; message: string };

/** Asks for a trial for `email` and opens the mailed link: the opening's answer. */
async function takeTrial(email: string) {
  const asked = await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() });
  assert.is(asked.status, 200, asked.text);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email.trim().toLowerCase()))!);
  assert.is(opened.status, 200, opened.text);
  return { trial: opened.json.trial as Trial, cookie: buyerCookieOf(opened) };
}

async function keyOf(id: number): Promise<string> {
  return (await server.app.ctx.db.get<{ license_key: string }>('SELECT license_key FROM licenses WHERE id = ?', [id]))!
    .license_key;
}

test('trials are on by default for 3 days; any address gets the same answer', async () => {
  const settings = await call(server.url, 'GET', '/api/trial');
  assert.equal([settings.json.enabled, settings.json.days], [true, 3]);
  const first = await call(server.url, 'POST', '/api/trial', {
    body: { email: 'new@example.com' },
    headers: freshIp(),
  });
  const second = await call(server.url, 'POST', '/api/trial', {
    body: { email: 'other@example.com' },
    headers: freshIp(),
  });
  assert.equal([first.status, first.json], [second.status, second.json]);
});

test('opening the link issues a 3-day LoopBOT trial, shown on the account and e-mailed', async () => {
  const { trial, cookie } = await takeTrial('Tria@Example.com');
  assert.is(trial.issued, true, trial.message);
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  const licenses = account.json.licenses as Array<{
    id: number;
    trial: boolean;
    days_left: number;
    app_type: string;
    state_text: string;
  }>;
  assert.equal(
    licenses.map((license) => [license.id, license.trial, license.days_left, license.app_type, license.state_text]),
    [[trial.license_id, true, 3, 'loopbot', 'Aktif']],
  );
  const mail = await server.app.ctx.db.get<{ body: string }>(
    "SELECT body FROM outbox WHERE kind = 'license' AND license_id = ?",
    [trial.license_id],
  );
  assert.ok(mail!.body.includes(await keyOf(trial.license_id!)));
});

test('a second trial for the same address, in any case, is refused when its link is opened', async () => {
  const again = await takeTrial('  TRIA@example.COM ');
  assert.equal([again.trial.issued, again.trial.license_id], [false, null]);
  assert.match(again.trial.message, /sudah pernah memakai uji coba gratis/);
  const count = await server.app.ctx.db.get<{ n: number }>(
    "SELECT count(*) AS n FROM licenses WHERE lower(email) = 'tria@example.com'",
  );
  assert.is(Number(count!.n), 1);
});

test('a device that held a trial refuses another trial key with TRIAL_ALREADY_USED; paid keys still work there', async () => {
  const one = (await takeTrial('dev-one@example.com')).trial;
  const two = (await takeTrial('dev-two@example.com')).trial;
  const device = deviceId('trialpc');
  assert.is((await activate(server, await keyOf(one.license_id!), device)).status, 201);
  const refused = await activate(server, await keyOf(two.license_id!), device);
  assert.equal([refused.status, refused.json.code], [403, 'TRIAL_ALREADY_USED']);
  assert.match(String(refused.json.message), /Perangkat ini sudah pernah memakai uji coba gratis/);
  assert.match(String(refused.json.account_url), /\/lisensi$/);
  assert.is(
    (await activate(server, await keyOf(two.license_id!), deviceId('otherpc'))).status,
    201,
    'another device may use it',
  );
  assert.is(
    (await validate(server, await keyOf(one.license_id!), device)).json.code,
    'VALID',
    'the first trial keeps working',
  );
});

test('the owner switches trials off and sets their length in the storefront catalogue', async () => {
  const admin = await loginCookie(server.url);
  const current = (await call(server.url, 'GET', '/api/storefront')).json.storefront as Record<string, unknown>;
  const saved = await call(server.url, 'PUT', '/api/storefront', {
    cookie: admin,
    body: { ...current, trial: { enabled: false, days: 5 } },
  });
  assert.is(saved.status, 200, saved.text);
  assert.equal((saved.json.storefront as { trial: unknown }).trial, { enabled: false, days: 5 });
  const settings = await call(server.url, 'GET', '/api/trial');
  assert.equal([settings.json.enabled, settings.json.days], [false, 5]);
  assert.match(String(settings.json.paid_trial_url), /^https?:\/\//);
  const refused = await call(server.url, 'POST', '/api/trial', {
    body: { email: 'late@example.com' },
    headers: freshIp(),
  });
  assert.equal([refused.status, refused.json.error], [409, 'Free trials are switched off']);
  const bad = await call(server.url, 'PUT', '/api/storefront', {
    cookie: admin,
    body: { ...current, trial: { enabled: true, days: 0 } },
  });
  assert.equal([bad.status, bad.json.error], [400, 'trial.days must be a whole number of days from 1 to 30']);
  await call(server.url, 'PUT', '/api/storefront', {
    cookie: admin,
    body: { ...current, trial: { enabled: true, days: 5 } },
  });
  const { trial } = await takeTrial('five@example.com');
  const license = await server.app.ctx.db.get<{ expired_date: string }>(
    'SELECT expired_date FROM licenses WHERE id = ?',
    [trial.license_id],
  );
  assert.ok(Math.abs(Date.parse(license!.expired_date) - Date.now() - 5 * 24 * 3600 * 1000) < 600_000);
});

test.run();
