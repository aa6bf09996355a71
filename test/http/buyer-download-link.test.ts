/**
 * "Now what?" after buying: /lisensi carries the LoopBOT download link, and while the owner has not
 * set one the licence text's "Unduh LoopBOT" leads to the install steps (/tutorial#instal), never
 * to a sales page.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { licenseOf, signIn } from './buyer-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', PUBLIC_URL: 'https://toko.example' });
});
test.after(async () => {
  await server.close();
});

test('unset: no download_url, and the licence text sends "Unduh LoopBOT" to the install steps', async () => {
  const license = await licenseOf(server, 'rina@example.com');
  const cookie = await signIn(server, 'rina@example.com');
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is(account.json.download_url, null);
  const file = await call(server.url, 'GET', `/api/account/licenses/${license.id}/download`, { cookie });
  assert.is(file.status, 200, file.text);
  assert.match(file.text, 'Unduh LoopBOT: https://toko.example/tutorial#instal\n');
  assert.not.match(file.text, 'https://toko.example/loopbot\n');

  const admin = await loginCookie(server.url);
  const set = await call(server.url, 'POST', '/api/config/set', {
    cookie: admin,
    body: { config_key: 'loopbot_download_url', config_value: 'https://unduh.example/loopbot-setup.exe' },
  });
  assert.is(set.status, 200, set.text);
  const after = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is(after.json.download_url, 'https://unduh.example/loopbot-setup.exe');
  const again = await call(server.url, 'GET', `/api/account/licenses/${license.id}/download`, { cookie });
  assert.match(again.text, 'Unduh LoopBOT: https://unduh.example/loopbot-setup.exe\n');
});

test.run();
