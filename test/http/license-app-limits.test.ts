import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Logger } from '../../api/logger';
import { startServer } from '../harness';
import {
  activate,
  deviceId,
  eventsOf,
  fetchPublicKey,
  licenseCall,
  seedLicense,
  validate,
  verifiedPayload,
} from './license-app-helpers';

const fromIp = (ip: string): Record<string, string> => ({ 'x-forwarded-for': ip });

function capturingLogger(lines: string[]): Logger {
  const keep = (message: string, error?: unknown): void => void lines.push(`${message} ${error ?? ''}`);
  return { enabled: () => true, debug: keep, info: keep, warn: keep, error: keep };
}

test('brute force: the 11th unknown key from one IP gets 429 with Retry-After; another IP is unaffected; keys never logged', async () => {
  const lines: string[] = [];
  const server = await startServer({ TRUST_PROXY: '1' }, { log: capturingLogger(lines) });
  try {
    const publicKey = await fetchPublicKey(server.url);
    const known = await seedLicense(server);
    const device = deviceId('brute');
    const guesses = Array.from({ length: 11 }, () => randomUUID());
    for (const guess of guesses.slice(0, 10)) {
      const answer = await licenseCall(
        server,
        '/api/license/validate',
        { license_key: guess, device_id: device },
        fromIp('203.0.113.5'),
      );
      assert.equal([answer.status, answer.json.code], [404, 'LICENSE_NOT_FOUND']);
    }
    const eleventh = await licenseCall(
      server,
      '/api/license/validate',
      { license_key: guesses[10], device_id: device, nonce: 'blocked-nonce' },
      fromIp('203.0.113.5'),
    );
    assert.equal([eleventh.status, eleventh.json.success, eleventh.json.code], [429, false, 'RATE_LIMITED']);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`);
    assert.is(verifiedPayload(eleventh, publicKey).nonce, 'blocked-nonce');
    const blockedKnown = await licenseCall(
      server,
      '/api/license/activate',
      { license_key: known.key, device_id: device, device_name: 'PC' },
      fromIp('203.0.113.5'),
    );
    assert.equal(
      [blockedKnown.status, blockedKnown.json.code],
      [429, 'RATE_LIMITED'],
      'a blocked IP is refused even with a real key',
    );

    const other = await licenseCall(
      server,
      '/api/license/validate',
      { license_key: guesses[10], device_id: device },
      fromIp('198.51.100.7'),
    );
    assert.equal([other.status, other.json.code], [404, 'LICENSE_NOT_FOUND']);
    const otherKnown = await licenseCall(
      server,
      '/api/license/activate',
      { license_key: known.key, device_id: device, device_name: 'PC' },
      fromIp('198.51.100.7'),
    );
    assert.equal([otherKnown.status, otherKnown.json.code], [201, 'ACTIVATED']);

    const log = lines.join('\n');
    assert.match(log, /203\.0\.113\.5 blocked for 15 minutes/);
    for (const key of [...guesses, known.key]) assert.not.ok(log.includes(key), 'no full key in the logs');
  } finally {
    await server.close();
  }
});

test('per IP: LICENSE_RATE_PER_IP_PER_MIN calls a minute, then 429 with Retry-After until the minute ends', async () => {
  let now = Date.now();
  const server = await startServer(
    { TRUST_PROXY: '1', LICENSE_RATE_PER_IP_PER_MIN: '5' },
    { now: () => new Date(now) },
  );
  try {
    const { key } = await seedLicense(server);
    const device = deviceId('perip');
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push(
        (
          await licenseCall(
            server,
            '/api/license/validate',
            { license_key: key, device_id: device },
            fromIp('192.0.2.1'),
          )
        ).status,
      );
    }
    assert.equal(statuses, [403, 403, 403, 403, 403, 429]);
    const limited = await licenseCall(
      server,
      '/api/license/validate',
      { license_key: key, device_id: device },
      fromIp('192.0.2.1'),
    );
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.is(
      (await licenseCall(server, '/api/license/validate', { license_key: key, device_id: device }, fromIp('192.0.2.2')))
        .status,
      403,
    );
    now += 61_000;
    assert.is(
      (await licenseCall(server, '/api/license/validate', { license_key: key, device_id: device }, fromIp('192.0.2.1')))
        .status,
      403,
    );
  } finally {
    await server.close();
  }
});

test('per key: LICENSE_VALIDATE_PER_HOUR validations an hour; the refusal is audited once per window', async () => {
  const server = await startServer({ LICENSE_VALIDATE_PER_HOUR: '3' });
  try {
    const publicKey = await fetchPublicKey(server.url);
    const limitedKey = await seedLicense(server);
    const otherKey = await seedLicense(server);
    const device = deviceId('perkey');
    await activate(server, limitedKey.key, device);
    await activate(server, otherKey.key, device);
    const codes: string[] = [];
    for (let index = 0; index < 5; index++)
      codes.push(String((await validate(server, limitedKey.key, device)).json.code));
    assert.equal(codes, ['VALID', 'VALID', 'VALID', 'RATE_LIMITED', 'RATE_LIMITED']);
    const limited = await validate(server, limitedKey.key, device, { nonce: 'limited-nonce' });
    assert.is(limited.status, 429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assert.is(verifiedPayload(limited, publicKey).nonce, 'limited-nonce');
    assert.is((await validate(server, otherKey.key, device)).json.code, 'VALID', 'another key is unaffected');
    const events = await eventsOf(server, limitedKey.id);
    assert.equal(
      events.map((event) => [event.type, event.data?.call ?? null]),
      [
        ['activated', null],
        ['rate_limited', 'validate'],
      ],
    );
  } finally {
    await server.close();
  }
});

test('per key: LICENSE_DEACTIVATE_PER_HOUR (default 5) bounds deactivations of one key', async () => {
  const server = await startServer();
  try {
    const { key } = await seedLicense(server);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push(
        (await licenseCall(server, '/api/deactivate_license', { license_key: key, device_id: deviceId('deact') }))
          .status,
      );
    }
    assert.equal(statuses, [200, 200, 200, 200, 200, 429]);
  } finally {
    await server.close();
  }
});

test.run();
