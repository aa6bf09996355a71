/**
 * A buyer's LoopStream access file before the owner sets the default LoopStream login: a declared
 * 409 in Indonesian (not the owner's English instruction), and the record says so beforehand.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { loopstreamOf, signIn } from './buyer-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
test.after(async () => {
  await server.close();
});

test('before the default login is set: 409 in Indonesian and access_file_ready false; afterwards the file', async () => {
  const id = await loopstreamOf(server, 'sari@example.com');
  const cookie = await signIn(server, 'sari@example.com');
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is((account.json.loopstreams as Array<{ access_file_ready: boolean }>)[0]!.access_file_ready, false);
  const early = await call(server.url, 'GET', `/api/account/loopstreams/${id}/download`, { cookie });
  assert.is(early.status, 409, early.text);
  assert.equal(early.json.success, false);
  assert.match(String(early.json.error), /^File akses LoopStream belum bisa diunduh: admin masih menyiapkan/);
  assert.not.match(String(early.json.error), /Settings|credentials/);

  const admin = await loginCookie(server.url);
  assert.is((await call(server.url, 'POST', '/api/config/initialize', { cookie: admin, body: {} })).status, 200);
  const ready = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is((ready.json.loopstreams as Array<{ access_file_ready: boolean }>)[0]!.access_file_ready, true);
  const file = await call(server.url, 'GET', `/api/account/loopstreams/${id}/download`, { cookie });
  assert.is(file.status, 200, file.text);
  assert.match(file.text, 'Username: admin');
});

test.run();
