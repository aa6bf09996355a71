/**
 * Free trials counted apart from paid licences: a trial whose device already had one (the app
 * answers TRIAL_ALREADY_USED) is neither an active licence nor an expiring one; the dashboard
 * counts paid and trial licences apart, and Insights shows the trial funnel (started, activated,
 * converted to a paid order, refused).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Insights } from '../../contract/calls/insights';
import type { Stats } from '../../contract/calls/licenses';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { freshIp, mailedToken, openLink } from './buyer-helpers';
import { activate, deviceId } from './license-app-helpers';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

let server: TestServer;
let cookie = '';
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', LYNK_MERCHANT_KEY: MERCHANT_KEY });
  cookie = await loginCookie(server.url);
});
test.after(async () => {
  await server.close();
});

async function trialKey(email: string): Promise<string> {
  assert.is((await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() })).status, 200);
  assert.is((await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!)).status, 200);
  const row = await server.app.ctx.db.get<{ license_key: string }>(
    'SELECT l.license_key FROM licenses l JOIN trials t ON t.license_id = l.id WHERE t.email = ?',
    [email],
  );
  return row!.license_key;
}

const stats = async (): Promise<Stats> =>
  (await call(server.url, 'GET', '/api/admin/dashboard', { cookie })).json.stats as Stats;
const insights = async (): Promise<Insights> =>
  (await call(server.url, 'GET', '/api/insights?period=30d', { cookie })).json.insights as Insights;

test('a trial refused on its device is not active nor expiring; trials apart from paid; the funnel', async () => {
  const first = await trialKey('tria@example.com');
  const second = await trialKey('trib@example.com');
  assert.is((await activate(server, first, deviceId('shared'))).json.code, 'ACTIVATED');
  assert.is((await activate(server, second, deviceId('shared'))).json.code, 'TRIAL_ALREADY_USED');
  assert.is((await deliver(server, paymentDelivery({ email: 'paid@example.com' }))).status, 200);

  const counted = await stats();
  assert.equal(
    [counted.total_licenses, counted.paid_active_licenses, counted.trial_active_licenses, counted.trials_refused],
    [3, 1, 1, 1],
  );
  const before = await insights();
  assert.equal(before.trials, { started: 2, activated: 1, converted: 0, refused: 1 });
  const expiring = before.expiring_soon.map((license) => [license.license_key, license.trial]);
  assert.ok(
    expiring.some(([key, trial]) => key === first && trial === true),
    JSON.stringify(expiring),
  );
  assert.not.ok(
    expiring.some(([key]) => key === second),
    'the refused trial is not expiring',
  );

  // The first trial's buyer pays: converted.
  assert.is((await deliver(server, paymentDelivery({ email: 'tria@example.com' }))).status, 200);
  assert.equal((await insights()).trials, { started: 2, activated: 1, converted: 1, refused: 1 });
});

test.run();
