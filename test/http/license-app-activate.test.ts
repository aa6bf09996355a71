import { createPublicKey, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { generateSigningKeyPem } from '../../api/license-api/license-signing';
import { call, startServer } from '../harness';
import {
  activate,
  validate,
  DAY_MS,
  deviceId,
  eventsOf,
  fetchPublicKey,
  PREFIX,
  seedLicense,
  verifiedPayload,
} from './license-app-helpers';

test('public-key: SPKI PEM and JWK of the same Ed25519 key, with kid, cached for an hour', async () => {
  const server = await startServer();
  try {
    const answer = await call(server.url, 'GET', '/api/license/public-key');
    assert.is(answer.status, 200);
    assert.is(answer.headers.get('cache-control'), 'public, max-age=3600');
    const json = answer.json as {
      kid: string;
      alg: string;
      public_key_pem: string;
      jwk: Record<string, string>;
      keys: unknown[];
    };
    assert.is(json.alg, 'Ed25519');
    assert.match(json.kid, /^[0-9a-f]{16}$/);
    const fromPem = createPublicKey(json.public_key_pem).export({ format: 'jwk' });
    assert.is(json.jwk.x, fromPem.x);
    assert.equal([json.jwk.kty, json.jwk.crv, json.jwk.kid], ['OKP', 'Ed25519', json.kid]);
    assert.is(json.keys.length, 1);
  } finally {
    await server.close();
  }
});

test('activate: 201 ACTIVATED, signed payload verifies with the public key, nonce echoed, 7-day lease', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server, { expiresInDays: 30 });
    const device = deviceId('alpha');
    const answer = await activate(server, key.toUpperCase(), device, {
      nonce: 'nonce-0001-abcdef',
      app_version: '2.1.0',
    });
    assert.is(answer.status, 201);
    const json = answer.json as Record<string, any>;
    assert.equal([json.success, json.valid, json.code], [true, true, 'ACTIVATED']);
    assert.is(json.nonce, 'nonce-0001-abcdef');
    assert.is(json.license.key_masked, `${key.slice(0, 4)}…${key.slice(-4)}`);
    assert.is(json.license.product, 'loopbot');
    assert.is(json.license.status, 'active');
    assert.is(json.license.days_remaining, 30);
    assert.is(json.license.device.device_name, 'PC alpha');
    assert.not.ok(answer.text.includes(key), 'the full key is never echoed');
    const payload = verifiedPayload(answer, publicKey);
    assert.equal(
      Object.keys(payload).sort(),
      [
        'code',
        'device_id',
        'expires_at',
        'issued_at',
        'key_sha256',
        'lease_expires_at',
        'license_id',
        'nonce',
        'product',
        'status',
        'typ',
        'v',
        'valid',
      ].sort(),
    );
    assert.equal(
      [
        payload.v,
        payload.typ,
        payload.code,
        payload.valid,
        payload.product,
        payload.license_id,
        payload.device_id,
        payload.status,
        payload.nonce,
      ],
      [1, 'activate', 'ACTIVATED', true, 'loopbot', id, device, 'active', 'nonce-0001-abcdef'],
    );
    assert.is(payload.key_sha256, hashLicenseKey(key));
    assert.is(payload.issued_at, json.server_time);
    const leaseMs = Date.parse(String(payload.lease_expires_at)) - Date.parse(String(payload.issued_at));
    assert.is(leaseMs, 7 * DAY_MS);
    assert.equal(json.lease, { issued_at: payload.issued_at, expires_at: payload.lease_expires_at });
    const events = await eventsOf(server, id);
    assert.equal(
      events.map((event) => [event.type, event.actor, event.device_id]),
      [['activated', 'device', device]],
    );
    assert.is(events[0]!.data?.move, false);
  } finally {
    await server.close();
  }
});

test('activate: the lease never runs past the licence expiry', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { key } = await seedLicense(server, { expiresInDays: 2 });
    const answer = await activate(server, key, deviceId('short'));
    assert.is(answer.status, 201);
    const payload = verifiedPayload(answer, publicKey);
    assert.is(payload.lease_expires_at, payload.expires_at);
  } finally {
    await server.close();
  }
});

test('activate: same device again is ALREADY_ACTIVATED (200) and refreshes the name; a second device gets 409 without the first id', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server);
    const first = deviceId('first');
    assert.is((await activate(server, key, first)).status, 201);
    const again = await activate(server, key, first, { device_name: 'Renamed PC' });
    assert.is(again.status, 200);
    assert.is(again.json.code, 'ALREADY_ACTIVATED');
    assert.is(again.json.valid, true);
    assert.is((again.json.license as any).device.device_name, 'Renamed PC');
    assert.is(verifiedPayload(again, publicKey).lease_expires_at !== null, true);

    const second = await activate(server, key, deviceId('second'), { nonce: 'second-nonce-1' });
    assert.is(second.status, 409);
    assert.equal([second.json.success, second.json.valid, second.json.code], [false, false, 'DEVICE_LIMIT_REACHED']);
    assert.is((second.json.license as any).device.device_name, 'Renamed PC');
    assert.ok((second.json.license as any).device.activated_at);
    assert.not.ok(second.text.includes(first), 'the holder device id is never shown');
    const payload = verifiedPayload(second, publicKey);
    assert.not.ok(
      Buffer.from((second.json.signature as any).payload, 'base64url')
        .toString()
        .includes(first),
    );
    assert.equal(
      [payload.device_id, payload.lease_expires_at, payload.nonce],
      [deviceId('second'), null, 'second-nonce-1'],
    );
    const types = (await eventsOf(server, id)).map((event) => [event.type, event.data?.code ?? null]);
    assert.equal(types, [
      ['activated', null],
      ['validation_failed', 'DEVICE_LIMIT_REACHED'],
    ]);
  } finally {
    await server.close();
  }
});

test('activate: 10 devices racing on one fresh key → exactly one 201, nine 409, one binding', async () => {
  const server = await startServer();
  try {
    const { id, key } = await seedLicense(server);
    const devices = Array.from({ length: 10 }, (_, index) => deviceId(`race${index}`));
    const answers = await Promise.all(devices.map((device) => activate(server, key, device)));
    const statuses = answers.map((answer) => answer.status).sort();
    assert.equal(statuses, [201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = devices[answers.findIndex((answer) => answer.status === 201)]!;
    const activated = (await eventsOf(server, id)).filter((event) => event.type === 'activated');
    assert.equal(
      activated.map((event) => event.device_id),
      [winner],
    );
    const check = await validate(server, key, winner);
    assert.is(check.json.code, 'VALID');
    const eleventh = await activate(server, key, winner);
    assert.equal(
      [eleventh.status, eleventh.json.code],
      [429, 'RATE_LIMITED'],
      'the 11th activation of a key within the hour',
    );
    assert.ok(Number(eleventh.headers.get('retry-after')) > 0);
  } finally {
    await server.close();
  }
});

test('activate: a LoopStream key used for LoopBOT is PRODUCT_MISMATCH 403, signed', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server, { appType: 'loopstream' });
    const answer = await activate(server, key.toLowerCase(), deviceId('stream'));
    assert.is(answer.status, 403);
    assert.is(answer.json.code, 'PRODUCT_MISMATCH');
    assert.is(verifiedPayload(answer, publicKey).product, 'loopstream');
    assert.is((await activate(server, key, deviceId('stream'), { product: 'loopstream' })).status, 201);
    const events = await eventsOf(server, id);
    assert.equal(
      events.map((event) => event.type),
      ['validation_failed', 'activated'],
    );
  } finally {
    await server.close();
  }
});

test('activate: expired and suspended licences are refused with their codes', async () => {
  const server = await startServer();
  try {
    const expired = await seedLicense(server, { expiresInDays: -1 });
    const suspended = await seedLicense(server, { status: 'suspended' });
    const one = await activate(server, expired.key, deviceId('late'));
    assert.equal([one.status, one.json.code, (one.json.license as any).status], [403, 'LICENSE_EXPIRED', 'expired']);
    const two = await activate(server, suspended.key, deviceId('late'));
    assert.equal(
      [two.status, two.json.code, (two.json.license as any).status],
      [403, 'LICENSE_SUSPENDED', 'suspended'],
    );
  } finally {
    await server.close();
  }
});

test('tampering one character of the payload or the signature fails verification', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { key } = await seedLicense(server);
    const answer = await activate(server, key, deviceId('tamper'));
    const { payload, sig } = answer.json.signature as { payload: string; sig: string };
    const check = (text: string, signature: string): boolean =>
      verify(null, Buffer.from(PREFIX + text, 'utf8'), publicKey.key, Buffer.from(signature, 'base64url'));
    const flip = (text: string, index: number): string =>
      text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);
    assert.ok(check(payload, sig));
    for (const index of [0, 10, Math.floor(payload.length / 2), payload.length - 2])
      assert.not.ok(check(flip(payload, index), sig), `payload[${index}]`);
    for (const index of [0, 20, 40, sig.length - 3]) assert.not.ok(check(payload, flip(sig, index)), `sig[${index}]`);
    assert.not.ok(
      verify(null, Buffer.from(payload, 'utf8'), publicKey.key, Buffer.from(sig, 'base64url')),
      'the prefix is part of the signed bytes',
    );
  } finally {
    await server.close();
  }
});

test('rotation: two keys in LICENSE_SIGNING_KEY: both published, the first signs; no key file is written', async () => {
  const first = generateSigningKeyPem();
  const second = generateSigningKeyPem();
  const server = await startServer({ LICENSE_SIGNING_KEY: first + second });
  try {
    const answer = await call(server.url, 'GET', '/api/license/public-key');
    const keys = answer.json.keys as Array<{ kid: string; signing: boolean; public_key_pem: string }>;
    assert.equal(
      keys.map((key) => key.signing),
      [true, false],
    );
    assert.is(answer.json.kid, keys[0]!.kid);
    const { key } = await seedLicense(server);
    const activated = await activate(server, key, deviceId('rotation'));
    verifiedPayload(activated, { key: createPublicKey(keys[0]!.public_key_pem), kid: keys[0]!.kid });
    const oldKey = createPublicKey(keys[1]!.public_key_pem);
    const { payload, sig } = activated.json.signature as { payload: string; sig: string };
    assert.not.ok(verify(null, Buffer.from(PREFIX + payload), oldKey, Buffer.from(sig, 'base64url')));
    assert.is(existsSync(join(server.dataDir, 'license-signing-key.pem')), false);
  } finally {
    await server.close();
  }
});

test.run();
