/**
 * The one licence status rule, seen from every side: a suspended licence whose expiry passed is
 * `expired` in the admin list, in the dashboard counts and in the licence API (these disagreed:
 * the API said LICENSE_SUSPENDED while the admin counted it expired).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';
import { deviceId, fetchPublicKey, seedLicense, verifiedPayload } from './license-app-helpers';

const admin = adminServer(test);

test('a suspended licence past its expiry is expired in the list, the stats and the licence API', async () => {
  const { server, cookie } = admin;
  const suspendedPast = await seedLicense(server, { status: 'suspended', expiresInDays: -1 });
  const suspended = await seedLicense(server, { status: 'suspended', expiresInDays: 30 });
  const listed = await call(server.url, 'GET', '/api/license/list', { cookie });
  const statusOf = (id: number): unknown =>
    (listed.json.licenses as Array<{ id: number; status: string }>).find((row) => row.id === id)?.status;
  assert.is(statusOf(suspendedPast.id), 'expired');
  assert.is(statusOf(suspended.id), 'other');
  const stats = (await call(server.url, 'GET', '/api/admin/dashboard', { cookie })).json.stats as Record<
    string,
    number
  >;
  assert.equal([stats.total_licenses, stats.active_licenses, stats.expired_licenses], [2, 0, 1]);

  const publicKey = await fetchPublicKey(server.url);
  const past = await call(server.url, 'POST', '/api/license/activate', {
    body: { license_key: suspendedPast.key, device_id: deviceId('rule'), device_name: 'PC', nonce: 'nonce-rule-1' },
  });
  assert.is(past.status, 403);
  assert.is(verifiedPayload(past, publicKey).code, 'LICENSE_EXPIRED');
  assert.is((past.json.license as { status: string }).status, 'expired');
  const current = await call(server.url, 'POST', '/api/license/activate', {
    body: { license_key: suspended.key, device_id: deviceId('rule'), device_name: 'PC', nonce: 'nonce-rule-2' },
  });
  assert.is(verifiedPayload(current, publicKey).code, 'LICENSE_SUSPENDED');
});

test.run();
