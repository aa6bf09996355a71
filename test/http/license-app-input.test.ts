import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { deviceId, fetchPublicKey, verifiedPayload } from './license-app-helpers';

const KEY = '11111111-2222-4333-8444-555555555555';
const DEVICE = deviceId('input');

type Row = {
  name: string;
  path: string;
  body: unknown;
  headers?: Record<string, string>;
  status: number;
  error: RegExp;
};

/** Every bad input answers the signed INVALID_REQUEST shape, with the field named. */
const ROWS: Row[] = [
  {
    name: 'missing key',
    path: '/api/license/activate',
    body: { device_id: DEVICE, device_name: 'PC' },
    status: 400,
    error: /^license_key is required$/,
  },
  {
    name: 'blank key',
    path: '/api/license/validate',
    body: { license_key: '   ', device_id: DEVICE },
    status: 400,
    error: /^license_key is required$/,
  },
  {
    name: 'key as a number',
    path: '/api/license/validate',
    body: { license_key: 12345, device_id: DEVICE },
    status: 400,
    error: /^license_key must be a string$/,
  },
  {
    name: 'key as an array',
    path: '/api/deactivate_license',
    body: { license_key: [KEY], device_id: DEVICE },
    status: 400,
    error: /^license_key must be a string$/,
  },
  {
    name: '10 KB key',
    path: '/api/license/activate',
    body: { license_key: 'A'.repeat(10_240), device_id: DEVICE, device_name: 'PC' },
    status: 400,
    error: /^license_key is too long/,
  },
  {
    name: 'key with odd characters',
    path: '/api/license/validate',
    body: { license_key: "x' OR 1=1 --", device_id: DEVICE },
    status: 400,
    error: /^license_key may contain only/,
  },
  {
    name: 'missing device id',
    path: '/api/license/validate',
    body: { license_key: KEY },
    status: 400,
    error: /^device_id is required$/,
  },
  {
    name: 'empty device id',
    path: '/api/license/activate',
    body: { license_key: KEY, device_id: '', device_name: 'PC' },
    status: 400,
    error: /^device_id is required$/,
  },
  {
    name: 'short device id',
    path: '/api/license/validate',
    body: { license_key: KEY, device_id: 'abc' },
    status: 400,
    error: /^device_id must be 8-128/,
  },
  {
    name: 'device id with spaces',
    path: '/api/deactivate_license',
    body: { license_key: KEY, device_id: 'my device id' },
    status: 400,
    error: /^device_id must be 8-128/,
  },
  {
    name: 'device id as a boolean',
    path: '/api/license/validate',
    body: { license_key: KEY, device_id: true },
    status: 400,
    error: /^device_id must be a string$/,
  },
  {
    name: 'missing device name',
    path: '/api/license/activate',
    body: { license_key: KEY, device_id: DEVICE },
    status: 400,
    error: /^device_name is required$/,
  },
  {
    name: 'long device name',
    path: '/api/license/activate',
    body: { license_key: KEY, device_id: DEVICE, device_name: 'n'.repeat(65) },
    status: 400,
    error: /^device_name is too long/,
  },
  {
    name: 'device name with a control character',
    path: '/api/license/activate',
    body: { license_key: KEY, device_id: DEVICE, device_name: 'PC\u0007' },
    status: 400,
    error: /^device_name must contain only printable/,
  },
  {
    name: 'unknown product',
    path: '/api/license/activate',
    body: { license_key: KEY, device_id: DEVICE, device_name: 'PC', product: 'photoshop' },
    status: 400,
    error: /^product must be loopbot or loopstream$/,
  },
  {
    name: 'bad app version',
    path: '/api/license/validate',
    body: { license_key: KEY, device_id: DEVICE, app_version: '1.0 beta <script>' },
    status: 400,
    error: /^app_version must be/,
  },
  {
    name: 'bad nonce',
    path: '/api/license/validate',
    body: { license_key: KEY, device_id: DEVICE, nonce: 'short' },
    status: 400,
    error: /^nonce must be 8-128/,
  },
  {
    name: 'JSON array body',
    path: '/api/license/validate',
    body: [KEY, DEVICE],
    status: 400,
    error: /^JSON body must be an object$/,
  },
  {
    name: 'non-JSON body',
    path: '/api/license/activate',
    body: 'license_key=abc',
    headers: { 'content-type': 'application/json' },
    status: 400,
    error: /^Malformed JSON body$/,
  },
  {
    name: 'form content type',
    path: '/api/license/validate',
    body: 'license_key=abc',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
    error: /Content-Type must be application\/json/,
  },
  {
    name: 'oversized body',
    path: '/api/license/activate',
    body: JSON.stringify({ license_key: KEY, pad: 'x'.repeat(64 * 1024) }),
    headers: { 'content-type': 'application/json' },
    status: 413,
    error: /^Request body too large/,
  },
  { name: 'empty body', path: '/api/deactivate_license', body: '', status: 400, error: /^license_key is required$/ },
];

let server: TestServer;
let publicKey: Awaited<ReturnType<typeof fetchPublicKey>>;
test.before(async () => {
  // Generous per-IP limit: this file sends many calls from one address on purpose.
  server = await startServer({ LICENSE_RATE_PER_IP_PER_MIN: '1000' });
  publicKey = await fetchPublicKey(server.url);
});
test.after(async () => {
  await server.close();
});

for (const row of ROWS) {
  test(`${row.path}: ${row.name} → ${row.status} INVALID_REQUEST, signed`, async () => {
    const answer = await call(server.url, 'POST', row.path, { body: row.body, headers: row.headers });
    assert.is(answer.status, row.status, answer.text);
    assert.equal(
      [answer.json.success, answer.json.valid, answer.json.code, answer.json.license, answer.json.lease],
      [false, false, 'INVALID_REQUEST', null, null],
    );
    assert.match(String(answer.json.message), row.error);
    assert.is(answer.json.error, answer.json.message);
    const payload = verifiedPayload(answer, publicKey);
    assert.equal([payload.code, payload.valid, payload.license_id], ['INVALID_REQUEST', false, null]);
  });
}

test('the nonce is echoed in a refusal of another field', async () => {
  const answer = await call(server.url, 'POST', '/api/license/validate', {
    body: { license_key: KEY, device_id: 'x', nonce: 'echo-this-nonce' },
  });
  assert.is(answer.status, 400);
  assert.is(verifiedPayload(answer, publicKey).nonce, 'echo-this-nonce');
});

test('wrong method on a licence call is 405 with Allow', async () => {
  const answer = await call(server.url, 'GET', '/api/license/activate');
  assert.is(answer.status, 405);
  assert.is(answer.headers.get('allow'), 'POST');
});

test.run();
