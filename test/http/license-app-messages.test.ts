import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAnswer } from '../answer-check';
import { startServer } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';
import { activate, deactivate, deviceId, seedLicense, validate } from './license-app-helpers';

let server: TestServer;

test.before(async () => {
  // The answer check compiles the OpenAPI document on first use; done here, not between two calls
  // on one kept-alive connection, which a slow machine lets the server close (ECONNRESET).
  checkAnswer({ method: 'GET', url: '/api/license/public-key', status: 200 });
  server = await startServer({ LICENSE_MAX_MOVES: '0', PUBLIC_URL: 'http://toko.example' });
});

test.after(async () => {
  await server.close();
});

/** Words only the English texts used; every app message must read as Indonesian instead. */
const ENGLISH = /\b(license|device|the|is|not|try|again|please|found|valid|activated)\b/i;
const ACCOUNT_URL = 'http://toko.example/lisensi';

function expectMessage(answer: ApiAnswer, code: string, accountUrl: boolean): void {
  assert.is(answer.json.code, code, answer.text);
  const message = String(answer.json.message);
  assert.not.match(message, ENGLISH, `${code}: ${message}`);
  assert.match(message, /lisensi|perangkat|kunci|permintaan/i, `${code}: ${message}`);
  assert.is(answer.json.account_url, accountUrl ? ACCOUNT_URL : undefined, `${code}: account_url`);
}

test('every answer the app shows is Indonesian; refusals the buyer can fix on /lisensi carry account_url', async () => {
  const { key } = await seedLicense(server);
  const first = deviceId('first');
  const second = deviceId('second');
  expectMessage(await validate(server, key, first), 'NOT_ACTIVATED', false);
  expectMessage(await deactivate(server, key, first), 'NOT_ACTIVATED', false);
  expectMessage(await activate(server, key, first), 'ACTIVATED', false);
  expectMessage(await activate(server, key, first), 'ALREADY_ACTIVATED', false);
  expectMessage(await validate(server, key, first), 'VALID', false);
  // The commonest refusal: a new laptop while the old one still holds the key.
  const limit = await activate(server, key, second);
  expectMessage(limit, 'DEVICE_LIMIT_REACHED', true);
  assert.match(String(limit.json.message), /Lepas perangkat/);
  expectMessage(await validate(server, key, second), 'DEVICE_MISMATCH', true);
  expectMessage(await deactivate(server, key, second), 'DEVICE_MISMATCH', true);
  expectMessage(await deactivate(server, key, first), 'DEACTIVATED', false);
  // LICENSE_MAX_MOVES=0: the first binding was free, a move to another device is not.
  const moves = await activate(server, key, second);
  expectMessage(moves, 'TRANSFER_LIMIT_REACHED', true);
  assert.match(String(moves.json.message), /WIB/);
  expectMessage(await validate(server, 'no-such-key-1234', first), 'LICENSE_NOT_FOUND', true);
  const stream = await seedLicense(server, { appType: 'loopstream' });
  expectMessage(await activate(server, stream.key, first), 'PRODUCT_MISMATCH', true);
  const expired = await seedLicense(server, { expiresInDays: -1 });
  expectMessage(await validate(server, expired.key, first), 'LICENSE_EXPIRED', true);
  const suspended = await seedLicense(server, { status: 'suspended' });
  expectMessage(await validate(server, suspended.key, first), 'LICENSE_SUSPENDED', false);
});

test.run();
