/**
 * U+0000 in any text field is refused with 400 on both stores: PostgreSQL cannot store it in text
 * (it errors or turns it into U+FFFD) while SQLite keeps it, so accepting it would make the stores
 * disagree. JSON bodies, nested JSON, query strings, multipart fields and the licence API alike.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';
import { deviceId, seedLicense } from './license-app-helpers';

const admin = adminServer(test);
const NUL = '\u0000';
const EXPIRY = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

function refusedForNul(
  answer: { status: number; json: Record<string, unknown>; text: string },
  field: string,
  label: string,
): void {
  assert.is(answer.status, 400, `${label}: ${answer.text}`);
  assert.is(answer.json.success, false, label);
  assert.is(answer.json.error, `${field} must not contain the character U+0000 (NUL)`, label);
}

test('JSON bodies: licence, LoopStream record, setting, sign-in', async () => {
  const { url } = admin.server;
  const cookie = admin.cookie;
  const rows: Array<[string, string, string, Record<string, unknown>, string, string | undefined]> = [
    [
      'licence e-mail',
      'POST',
      '/api/license/create',
      { email: `bu${NUL}di@example.com`, expired_date: EXPIRY, app_type: 'loopbot' },
      'email',
      cookie,
    ],
    [
      'LoopStream customer',
      'POST',
      '/api/loopstream/create',
      { package_type: 'Set 1', customer_name: `Bu${NUL}di`, ip_server: '203.0.113.7', expired_date: EXPIRY },
      'customer_name',
      cookie,
    ],
    [
      'setting value',
      'POST',
      '/api/config/set',
      { config_key: 'nul_check', config_value: `a${NUL}b`, description: 'x' },
      'config_value',
      cookie,
    ],
    [
      'template preview',
      'POST',
      '/api/config/template/preview',
      { template: `Halo ${NUL}{license_key}` },
      'template',
      cookie,
    ],
    [
      'sign-in',
      'POST',
      '/api/admin/login',
      { username: `admin${NUL}`, password: 'whatever-password' },
      'username',
      undefined,
    ],
  ];
  for (const [label, method, path, body, field, withCookie] of rows) {
    refusedForNul(await call(url, method, path, { body, cookie: withCookie }), field, label);
  }
  const licences = await call(url, 'GET', '/api/license/list', { cookie });
  assert.is((licences.json.licenses as unknown[]).length, 0, 'no licence stored');
  const records = await call(url, 'GET', '/api/loopstream/list', { cookie });
  assert.is((records.json.loopstreams as unknown[]).length, 0, 'no LoopStream record stored');
  const configs = await call(url, 'GET', '/api/config/list', { cookie });
  assert.not.ok(configs.text.includes('nul_check'), 'no setting stored');
});

test('a NUL deep inside a JSON body (a storefront plan) is refused too, and the catalogue is unchanged', async () => {
  const { url } = admin.server;
  const before = await call(url, 'GET', '/api/storefront', { cookie: admin.cookie });
  assert.is(before.status, 200, before.text);
  const storefront = before.json.storefront as {
    plans: Array<Record<string, unknown>>;
    contacts: unknown;
    videos: unknown;
  };
  const plans = storefront.plans.map((plan, index) => (index === 0 ? { ...plan, name: `Trial${NUL}` } : plan));
  const answer = await call(url, 'PUT', '/api/storefront', {
    cookie: admin.cookie,
    body: { plans, contacts: storefront.contacts, videos: storefront.videos },
  });
  assert.is(answer.status, 400, answer.text);
  assert.is(answer.json.success, false);
  assert.match(String(answer.json.error), /must not contain the character U\+0000 \(NUL\)/);
  const after = await call(url, 'GET', '/api/storefront', { cookie: admin.cookie });
  assert.equal(after.json.storefront, before.json.storefront);
});

test('query strings: the public prompt search and the admin licence search', async () => {
  const { url } = admin.server;
  refusedForNul(await call(url, 'GET', '/api/prompt/list?search=lagu%00'), 'search', 'prompt search');
  refusedForNul(
    await call(url, 'GET', '/api/license/list?search=%00', { cookie: admin.cookie }),
    'search',
    'licence search',
  );
  assert.is((await call(url, 'GET', '/api/prompt/list?search=lagu')).status, 200, 'the same search without NUL');
});

test('multipart fields: a prompt title or template with NUL is refused and nothing is stored', async () => {
  const { url } = admin.server;
  for (const [field, value] of [
    ['title', `Judul${NUL}`],
    ['prompt_template', `Tulis ${NUL}lagu`],
  ] as const) {
    const form = new FormData();
    form.set('title', 'Judul');
    form.set('prompt_template', 'Tulis lagu');
    form.set(field, value);
    refusedForNul(await call(url, 'POST', '/api/prompt/create', { body: form, cookie: admin.cookie }), field, field);
  }
  const list = await call(url, 'GET', '/api/prompt/list');
  assert.is(list.json.total, 0);
});

test('licence API: a NUL in any field is a signed INVALID_REQUEST 400 naming it', async () => {
  const { url } = admin.server;
  const { key } = await seedLicense(admin.server);
  const device = deviceId('nul');
  const rows: Array<[string, Record<string, unknown>, string]> = [
    ['/api/license/activate', { license_key: key, device_id: device, device_name: `PC${NUL}` }, 'device_name'],
    ['/api/license/validate', { license_key: key, device_id: device, app_version: `1.0${NUL}` }, 'app_version'],
    ['/api/license/validate', { license_key: `${key}${NUL}`, device_id: device }, 'license_key'],
    ['/api/deactivate_license', { license_key: key, device_id: `${device}${NUL}` }, 'device_id'],
  ];
  for (const [path, body, field] of rows) {
    const answer = await call(url, 'POST', path, { body });
    refusedForNul(answer, field, `${path} ${field}`);
    assert.is(answer.json.code, 'INVALID_REQUEST');
    assert.ok(answer.json.signature, 'signed');
  }
});

test('path parameters: a NUL in a licence key, a prompt image name or an id names nothing (404), never a 500', async () => {
  const { url } = admin.server;
  const paths: Array<[string, string]> = [
    ['GET', '/api/license/download/3f2b8c1e-9a7d-4e21-b6c4-0d5e8f9a1b2c%00'],
    ['GET', '/api/prompt/image/cover%00.webp'],
    ['GET', '/api/loopstream/download/1%00'],
  ];
  for (const [method, path] of paths) {
    const answer = await call(url, method, path, { cookie: admin.cookie });
    assert.is(answer.status, 404, `${path}: ${answer.text}`);
  }
});

test.run();
