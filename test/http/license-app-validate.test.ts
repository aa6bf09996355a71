import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findLicenseByKeyHash } from '../../data/licenses/devices';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { call, loginCookie, startServer } from '../harness';
import {
  activate,
  DAY_MS,
  deviceId,
  eventsOf,
  fetchPublicKey,
  seedLicense,
  validate,
  verifiedPayload,
} from './license-app-helpers';

test('validate: the bound device gets VALID 200 with a fresh lease; last seen and app version are recorded', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { key } = await seedLicense(server, { expiresInDays: 90 });
    const device = deviceId('home');
    assert.is((await activate(server, key, device, { app_version: '1.0.0' })).status, 201);
    const answer = await validate(server, `  ${key.toUpperCase()}  `, device, {
      nonce: 'validate-nonce-42',
      app_version: '1.2.3',
    });
    assert.is(answer.status, 200);
    assert.equal([answer.json.success, answer.json.valid, answer.json.code], [true, true, 'VALID']);
    const payload = verifiedPayload(answer, publicKey);
    assert.equal([payload.typ, payload.nonce, payload.device_id], ['validate', 'validate-nonce-42', device]);
    assert.is(Date.parse(String(payload.lease_expires_at)) - Date.parse(String(payload.issued_at)), 7 * DAY_MS);
  } finally {
    await server.close();
  }
});

test('validate: last seen time and app version reach the licence row without a separate call', async () => {
  const server = await startServer();
  try {
    const { key } = await seedLicense(server);
    const device = deviceId('seen');
    await activate(server, key, device, { app_version: '1.0.0' });
    const validatedFrom = Date.now();
    await validate(server, key, device, { app_version: '1.4.0' });
    const validatedBy = Date.now();
    // Seen updates are written in batches every 2 s: wait for the flush (a retry pause; only a write that never comes fails).
    let row = await findLicenseByKeyHash(server.app.ctx.db, hashLicenseKey(key));
    for (let tries = 0; tries < 600 && row?.app_version !== '1.4.0'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findLicenseByKeyHash(server.app.ctx.db, hashLicenseKey(key));
    }
    assert.is(row?.app_version, '1.4.0');
    // The time of the validation itself, not of the flush.
    const seenAt = Date.parse(String(row?.last_seen_at));
    assert.ok(seenAt >= validatedFrom && seenAt <= validatedBy, `last seen ${row?.last_seen_at}`);
  } finally {
    await server.close();
  }
});

test('validate: another device → DEVICE_MISMATCH 403; a never-activated key → NOT_ACTIVATED 403; unknown key → 404; all signed', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const bound = await seedLicense(server);
    const fresh = await seedLicense(server);
    await activate(server, bound.key, deviceId('owner'));

    const other = await validate(server, bound.key, deviceId('pirate'), { nonce: 'pirate-nonce-1' });
    assert.equal(
      [other.status, other.json.success, other.json.valid, other.json.code],
      [403, false, false, 'DEVICE_MISMATCH'],
    );
    assert.is(other.json.lease, null);
    assert.not.ok(other.text.includes(deviceId('owner')));
    assert.equal(
      [verifiedPayload(other, publicKey).nonce, verifiedPayload(other, publicKey).lease_expires_at],
      ['pirate-nonce-1', null],
    );

    const never = await validate(server, fresh.key, deviceId('owner'));
    assert.equal([never.status, never.json.code, never.json.valid], [403, 'NOT_ACTIVATED', false]);
    assert.is((never.json.license as any).device, null);
    verifiedPayload(never, publicKey);

    const unknown = await validate(server, '00000000-0000-4000-8000-000000000000', deviceId('owner'), {
      nonce: 'unknown-nonce-1',
    });
    assert.equal(
      [unknown.status, unknown.json.code, unknown.json.success, unknown.json.license],
      [404, 'LICENSE_NOT_FOUND', false, null],
    );
    const payload = verifiedPayload(unknown, publicKey);
    assert.equal([payload.license_id, payload.product, payload.nonce], [null, null, 'unknown-nonce-1']);
    assert.is(payload.key_sha256, hashLicenseKey('00000000-0000-4000-8000-000000000000'));
    // Same answer shape for known and unknown keys; an unknown key also names /lisensi, where the buyer's keys are.
    assert.equal(Object.keys(unknown.json).sort(), [...Object.keys(never.json), 'account_url'].sort());

    const failures = (await eventsOf(server, bound.id)).filter((event) => event.type === 'validation_failed');
    assert.equal(
      failures.map((event) => [event.device_id, event.data?.code]),
      [[deviceId('pirate'), 'DEVICE_MISMATCH']],
    );
  } finally {
    await server.close();
  }
});

test('validate: expiry follows the admin shorten then extend (expired counts from now)', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const cookie = await loginCookie(server.url);
    const expiry = new Date(Date.now() + 10 * DAY_MS).toISOString();
    const created = await call(server.url, 'POST', '/api/license/create', {
      cookie,
      body: { email: 'buyer@example.com', expired_date: expiry, app_type: 'loopbot' },
    });
    assert.is(created.status, 200, created.text);
    const list = await call(server.url, 'GET', '/api/license/list', { cookie });
    const license = (list.json.licenses as Array<{ id: number; license_key: string }>)[0]!;
    const device = deviceId('admin');
    assert.is((await activate(server, license.license_key, device)).status, 201);

    const shorten = await call(server.url, 'POST', `/api/license/shorten/${license.id}`, {
      cookie,
      body: { days: 20 },
    });
    assert.is(shorten.status, 200, shorten.text);
    const expired = await validate(server, license.license_key, device);
    assert.equal(
      [expired.status, expired.json.code, (expired.json.license as any).status],
      [403, 'LICENSE_EXPIRED', 'expired'],
    );
    assert.is(verifiedPayload(expired, publicKey).status, 'expired');

    const extend = await call(server.url, 'POST', `/api/license/extend/${license.id}`, { cookie, body: { days: 5 } });
    assert.is(extend.status, 200, extend.text);
    const valid = await validate(server, license.license_key, device);
    assert.equal([valid.status, valid.json.code], [200, 'VALID']);
    const days = (valid.json.license as any).days_remaining as number;
    assert.is(days, 5, 'an expired licence is extended from now, not from its past expiry');
    const payload = verifiedPayload(valid, publicKey);
    assert.is(payload.lease_expires_at, payload.expires_at, 'a 5-day licence gets a 5-day lease, not 7');
  } finally {
    await server.close();
  }
});

test('validate: a suspended licence is LICENSE_SUSPENDED 403 even for its bound device', async () => {
  const server = await startServer();
  try {
    const { key, id } = await seedLicense(server, { status: 'suspended' });
    const answer = await validate(server, key, deviceId('any'));
    assert.equal([answer.status, answer.json.code], [403, 'LICENSE_SUSPENDED']);
    const events = await eventsOf(server, id);
    assert.equal(
      events.map((event) => [event.type, event.data?.code]),
      [['validation_failed', 'LICENSE_SUSPENDED']],
    );
  } finally {
    await server.close();
  }
});

test.run();
