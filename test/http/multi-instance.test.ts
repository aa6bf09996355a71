// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * Several instances behave as one product: sessions, throttles, caches, images, the signing key
 * and the licence activation race hold across two instances of the built server on one database.
 * SIGKILL and background jobs: multi-instance-crash.test.ts.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkedFetch } from '../answer-check';
import { ADMIN } from '../harness';
import { gradientPng } from '../png-fixture';
import { PREFIX } from './license-app-helpers';
import { createLicense, loggedIn, login, on, twoInstances, within } from './multi-instance-helpers';
import type { Instance } from './multi-instance-helpers';

const run = twoInstances(test);

const forwardedFor = (ip: string): Record<string, string> => ({ 'x-forwarded-for': ip });

test('both instances started together: one admin, one signing key, one recorded schema', async () => {
  assert.is((await run.db.get<{ n: number }>('SELECT count(*) AS n FROM admins'))?.n, 1);
  assert.is((await run.db.get<{ n: number }>('SELECT count(*) AS n FROM server_secrets'))?.n, 1);
  const [fromA, fromB] = await Promise.all(
    [run.a, run.b].map((instance) => on(instance, 'GET', '/api/license/public-key')),
  );
  assert.is(fromA!.json.kid, fromB!.json.kid);
});

test('a session made on A works on B; logout on A ends it on B', async () => {
  const session = await login(run.a);
  assert.is(await loggedIn(run.b, session), true);
  const out = await on(run.a, 'POST', '/api/admin/logout', { cookie: session });
  assert.is(out.status, 200);
  assert.is(await loggedIn(run.b, session), false);
  assert.is(await loggedIn(run.a, session), false);
  assert.is(await loggedIn(run.b, run.cookie), true, 'other sessions stay');
});

test('failed logins from one IP count across instances: the limit holds alternating A and B', async () => {
  const headers = forwardedFor('198.51.100.7');
  const instances = [run.a, run.b, run.a, run.b, run.a];
  const texts: string[] = [];
  for (const instance of instances) {
    const answer = await on(instance, 'POST', '/api/admin/login', {
      body: { ...ADMIN, password: 'wrong-password' },
      headers,
    });
    assert.is(answer.status, 401);
    texts.push(String(answer.json.error));
  }
  assert.match(texts[2]!, '2 tries left', 'the 3rd failure (on A) counts the 2nd (on B)');
  const locked = await on(run.b, 'POST', '/api/admin/login', { body: ADMIN, headers });
  assert.is(locked.status, 429, 'even the right password waits once the limit is reached');
  assert.ok(Number(locked.headers.get('retry-after')) > 0);
  assert.is((await on(run.a, 'POST', '/api/admin/login', { body: ADMIN, headers })).status, 429);
  assert.is(
    (await on(run.a, 'POST', '/api/admin/login', { body: ADMIN, headers: forwardedFor('198.51.100.8') })).status,
    200,
    'another IP signs in',
  );
});

test("the licence API's per-key limit and the unknown-key block count across instances", async () => {
  const { key } = await createLicense(run.a, run.cookie);
  const device = 'device-limits-0123456789';
  const body = { license_key: key, device_id: device, device_name: 'PC' };
  assert.is((await on(run.a, 'POST', '/api/license/activate', { body })).status, 201);
  // LICENSE_VALIDATE_PER_HOUR=6: three on each instance pass, the seventh is refused on either.
  for (let index = 0; index < 6; index++) {
    const answer = await on(index % 2 ? run.b : run.a, 'POST', '/api/license/validate', { body });
    assert.is(answer.status, 200, `validate #${index + 1}: ${answer.text}`);
  }
  for (const instance of [run.a, run.b]) {
    const refused = await on(instance, 'POST', '/api/license/validate', { body });
    assert.equal([refused.status, refused.json.code], [429, 'RATE_LIMITED'], instance.name);
  }
  // LICENSE_UNKNOWN_KEY_LIMIT=4 unknown keys from one IP, spread over both: then that IP waits, on both.
  const headers = forwardedFor('203.0.113.9');
  for (let index = 0; index < 4; index++) {
    const unknown = await on(index % 2 ? run.b : run.a, 'POST', '/api/license/validate', {
      body: { ...body, license_key: randomUUID() },
      headers,
    });
    assert.is(unknown.json.code, 'LICENSE_NOT_FOUND');
  }
  for (const instance of [run.a, run.b]) {
    const blocked = await on(instance, 'POST', '/api/license/activate', { body, headers });
    assert.equal([blocked.status, blocked.json.code], [429, 'RATE_LIMITED'], instance.name);
  }
});

async function listedOn(instance: Instance, title: string): Promise<boolean> {
  const answer = await on(instance, 'GET', `/api/prompt/list?search=${encodeURIComponent(title)}`);
  return (answer.json.prompts as Array<{ title: string }>).some((prompt) => prompt.title === title);
}

test('a prompt created, changed or deleted on A shows on B within 1 s (its list answers are cached)', async () => {
  const title = `Lintas instans ${randomUUID().slice(0, 8)}`;
  assert.is(await listedOn(run.b, title), false, 'B caches this answer first');
  const form = new FormData();
  form.set('title', title);
  form.set('prompt_template', 't');
  const created = await on(run.a, 'POST', '/api/prompt/create', { cookie: run.cookie, body: form });
  assert.is(created.status, 200, created.text);
  const shown = await within(1000, () => listedOn(run.b, title));
  assert.ok(shown !== undefined, 'listed by B within 1 s');
  const id = (created.json.prompt as { id: number }).id;
  assert.is((await on(run.a, 'DELETE', `/api/prompt/delete/${id}`, { cookie: run.cookie })).status, 200);
  const gone = await within(1000, async () => !(await listedOn(run.b, title)));
  assert.ok(gone !== undefined, 'gone from B within 1 s');
});

test('an image uploaded on A is served by B, byte for byte', async () => {
  const form = new FormData();
  form.set('title', 'Gambar lintas instans');
  form.set('prompt_template', 't');
  form.set('image', new Blob([new Uint8Array(gradientPng(320, 180))], { type: 'image/png' }), 'a.png');
  const created = await on(run.a, 'POST', '/api/prompt/create', { cookie: run.cookie, body: form });
  assert.is(created.status, 200, created.text);
  const url = String((created.json.prompt as { image_url: string }).image_url);
  const [fromA, fromB] = await Promise.all(
    [run.a, run.b].map(async (instance) => {
      const response = await checkedFetch(instance.url + url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    }),
  );
  assert.equal([fromB!.status, fromB!.type], [200, 'image/webp']);
  assert.ok(fromB!.bytes.equals(fromA!.bytes));
});

test('an answer signed by A verifies with the public key B serves', async () => {
  const { key } = await createLicense(run.b, run.cookie);
  const device = 'device-signed-0123456789';
  const answer = await on(run.a, 'POST', '/api/license/activate', {
    body: { license_key: key, device_id: device, device_name: 'PC', nonce: 'nonce-multi-000001' },
  });
  assert.is(answer.status, 201);
  const published = await on(run.b, 'GET', '/api/license/public-key');
  const signature = answer.json.signature as { kid: string; payload: string; sig: string };
  assert.is(signature.kid, published.json.kid);
  const publicKey = createPublicKey(String(published.json.public_key_pem));
  assert.ok(
    verify(null, Buffer.from(PREFIX + signature.payload, 'utf8'), publicKey, Buffer.from(signature.sig, 'base64url')),
  );
});

test('20 concurrent activations of one licence from 20 devices over A and B bind exactly one', async () => {
  const { id, key } = await createLicense(run.a, run.cookie);
  const devices = Array.from({ length: 20 }, (_, index) => `device-race-${String(index).padStart(2, '0')}-0123456789`);
  const answers = await Promise.all(
    devices.map((device, index) =>
      on(index % 2 ? run.b : run.a, 'POST', '/api/license/activate', {
        body: { license_key: key, device_id: device, device_name: `PC ${index}` },
      }),
    ),
  );
  const codes = answers.map((answer) => answer.json.code);
  assert.is(codes.filter((code) => code === 'ACTIVATED').length, 1, codes.join(' '));
  assert.is(codes.filter((code) => code === 'DEVICE_LIMIT_REACHED').length, 19, codes.join(' '));
  const winner = devices[codes.indexOf('ACTIVATED')];
  const row = await run.db.get<{ device_id: string }>('SELECT device_id FROM licenses WHERE id = ?', [id]);
  assert.is(row?.device_id, winner);
  const events = await run.db.get<{ n: number }>(
    "SELECT count(*) AS n FROM license_events WHERE license_id = ? AND type = 'activated'",
    [id],
  );
  assert.is(events?.n, 1);
});

test.run();
