import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { activate, deactivate, deviceId, eventsOf, seedLicense } from './license-app-helpers';

/** Every admin call of SPEC §7 (and the admin extras): none may answer without a session. */
const ADMIN_CALLS: ReadonlyArray<[string, string]> = [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/license/list'],
  ['POST', '/api/license/create'],
  ['GET', '/api/license/download/00000000-0000-4000-8000-000000000000'],
  ['POST', '/api/license/extend/1'],
  ['POST', '/api/license/shorten/1'],
  ['DELETE', '/api/license/delete/1'],
  ['GET', '/api/license/events/1'],
  ['GET', '/api/loopstream/list'],
  ['POST', '/api/loopstream/create'],
  ['GET', '/api/loopstream/download/1'],
  ['DELETE', '/api/loopstream/delete/1'],
  ['GET', '/api/config/list'],
  ['POST', '/api/config/initialize'],
  ['POST', '/api/config/set'],
  ['PUT', '/api/config/update/1'],
  ['POST', '/api/config/template/preview'],
  ['POST', '/api/prompt/create'],
  ['PUT', '/api/prompt/update/1'],
  ['DELETE', '/api/prompt/delete/1'],
];

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server.close();
});

for (const [method, path] of ADMIN_CALLS) {
  test(`${method} ${path} without a session → 401 Unauthorized`, async () => {
    const answer = await call(server.url, method, path, { body: method === 'GET' ? undefined : {} });
    assert.is(answer.status, 401);
    assert.equal(answer.json, { success: false, error: 'Unauthorized' });
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
    ['activated', 'device'], ['deactivated', 'device'],
    ['activated', 'device'], ['deactivated', 'device'],
    ['activated', 'device'], ['admin_unbound', 'admin'],
  ]);
});

test.run();
