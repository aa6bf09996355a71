import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CallSpec } from '../../contract/calls/call';
import { pathOf } from '../../contract/calls/call';
import { CALLS } from '../../contract/calls/calls';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { activate, deactivate, deviceId, eventsOf, seedLicense } from './license-app-helpers';

const ALL_CALLS: readonly CallSpec[] = CALLS;
const ADMIN_CALLS = ALL_CALLS.filter((spec) => spec.auth === 'admin');
/** Buyer calls have their own guard (buyer-guard.test.ts). */
const PUBLIC_CALLS = ALL_CALLS.filter((spec) => spec.auth !== 'admin' && spec.auth !== 'buyer');
/** Public calls that still refuse a cross-site request: the ones that start or end the admin's or a buyer's session. */
const SESSION_CHANGES = new Set([
  'adminLogin',
  'adminLogout',
  'adminLoginCode',
  'adminPasskeyLoginOptions',
  'adminPasskeyLogin',
  'openAccountLink',
  'accountLogout',
]);
const CROSS_SITE = { origin: 'https://evil.example' };
/** Bodies that pass a call's own checks where the handler reads the body before the Origin. */
const BODIES: Record<string, unknown> = {
  adminLogin: { username: 'admin', password: 'not the password' },
  adminLoginCode: { code: '123456' },
  adminPasskeyLogin: { credential: { id: 'not-a-passkey' } },
};

/** The call's path with plausible ids, and a JSON body (empty unless given above) unless it is a read. */
function request(spec: CallSpec): [method: string, path: string, options: { body?: unknown }] {
  const path = pathOf(spec.path, {
    id: 1,
    license_key: '00000000-0000-4000-8000-000000000000',
    filename: `${'0'.repeat(32)}.webp`,
  });
  return [spec.method, path, { body: spec.method === 'GET' ? undefined : (BODIES[spec.id] ?? {}) }];
}

let server: TestServer;
let cookie: string;
test.before(async () => {
  server = await startServer();
  cookie = await loginCookie(server.url);
});
test.after(async () => {
  await server.close();
});

test(`the contract has admin and public calls (${ADMIN_CALLS.length} admin, ${PUBLIC_CALLS.length} not)`, () => {
  assert.ok(ADMIN_CALLS.length >= 33 && PUBLIC_CALLS.length >= 14);
});

for (const spec of ADMIN_CALLS) {
  const [method, path, options] = request(spec);
  test(`${spec.id}: ${method} ${path} without a session → 401 Unauthorized, also from another site`, async () => {
    for (const headers of [{}, CROSS_SITE]) {
      const answer = await call(server.url, method, path, { ...options, headers });
      assert.equal([answer.status, answer.json], [401, { success: false, error: 'Unauthorized' }]);
    }
  });
  test(`${spec.id}: with the session from another site → ${method === 'GET' ? 'a read goes through' : '403 Cross-site request refused'}`, async () => {
    const answer = await call(server.url, method, path, { ...options, cookie, headers: CROSS_SITE });
    if (method === 'GET')
      assert.not.ok([401, 403].includes(answer.status), `${answer.status} ${answer.text.slice(0, 200)}`);
    else assert.equal([answer.status, answer.json], [403, { success: false, error: 'Cross-site request refused' }]);
  });
}

for (const spec of PUBLIC_CALLS) {
  const [method, path, options] = request(spec);
  test(`${spec.id} (${spec.auth}): ${method} ${path} needs no session${SESSION_CHANGES.has(spec.id) ? ', refuses another site' : ', answers any site alike'}`, async () => {
    const alone = await call(server.url, method, path, options);
    assert.not.equal([alone.status, alone.json.error], [401, 'Unauthorized'], alone.text.slice(0, 200));
    const crossSite = await call(server.url, method, path, { ...options, headers: CROSS_SITE });
    if (SESSION_CHANGES.has(spec.id))
      assert.equal([crossSite.status, crossSite.json.error], [403, 'Cross-site request refused']);
    else assert.is(crossSite.status, alone.status, `the Origin changed the answer: ${crossSite.text.slice(0, 200)}`);
  });
}

test('a forged or expired cookie is no session', async () => {
  for (const cookie of ['loop_session=forged', `loop_session=${'A'.repeat(43)}`, 'loop_session=']) {
    const answer = await call(server.url, 'GET', '/api/license/list', { cookie });
    assert.is(answer.status, 401, cookie);
  }
});

test('a logged-out cookie no longer works', async () => {
  const cookie = await loginCookie(server.url);
  assert.is((await call(server.url, 'GET', '/api/admin/check', { cookie })).json.logged_in, true);
  await call(server.url, 'POST', '/api/admin/logout', { cookie });
  assert.is((await call(server.url, 'GET', '/api/admin/check', { cookie })).json.logged_in, false);
  assert.is((await call(server.url, 'GET', '/api/config/list', { cookie })).status, 401);
});

test('deactivate with the admin cookie from another Origin is a device call, not an admin unbind', async () => {
  const cookie = await loginCookie(server.url);
  const host = new URL(server.url).host;
  const { id, key } = await seedLicense(server);
  const device = deviceId('origin');
  for (const origin of ['https://evil.example', 'null']) {
    assert.is((await activate(server, key, device)).status, 201);
    const answer = await deactivate(server, key, device, { cookie, origin });
    assert.equal([answer.status, answer.json.code], [200, 'DEACTIVATED'], origin);
  }
  assert.is((await activate(server, key, device)).status, 201);
  assert.is((await deactivate(server, key, device, { cookie, origin: `http://${host}` })).json.code, 'DEACTIVATED');
  const events = (await eventsOf(server, id)).map((event) => [event.type, event.actor]);
  assert.equal(events, [
    ['activated', 'device'],
    ['deactivated', 'device'],
    ['activated', 'device'],
    ['deactivated', 'device'],
    ['activated', 'device'],
    ['admin_unbound', 'admin'],
  ]);
});

test.run();
