import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginCookie, startServer } from '../harness';
import {
  activate,
  DAY_MS,
  deactivate,
  deviceId,
  eventsOf,
  fetchPublicKey,
  seedLicense,
  validate,
  verifiedPayload,
} from './license-app-helpers';

test('deactivate: release, re-activate on another device, deactivate twice, wrong device, unknown key; then the audit trail', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server);
    const first = deviceId('first');
    const second = deviceId('second');
    assert.is((await activate(server, key, first)).status, 201);

    const released = await deactivate(server, key, first);
    assert.equal(
      [released.status, released.json.success, released.json.valid, released.json.code],
      [200, true, false, 'DEACTIVATED'],
    );
    assert.is((released.json.license as any).device, null);
    assert.equal(
      [verifiedPayload(released, publicKey).typ, verifiedPayload(released, publicKey).lease_expires_at],
      ['deactivate', null],
    );

    assert.is((await activate(server, key, second)).status, 201);

    const wrong = await deactivate(server, key, first);
    assert.equal([wrong.status, wrong.json.success, wrong.json.code], [403, false, 'DEVICE_MISMATCH']);
    assert.is(typeof wrong.json.error, 'string');
    assert.not.ok(wrong.text.includes(second));
    assert.is(
      (await validate(server, key, second)).json.code,
      'VALID',
      'binding unchanged after a wrong-device deactivate',
    );

    assert.is((await deactivate(server, key, second)).json.code, 'DEACTIVATED');
    const twice = await deactivate(server, key, second);
    assert.equal(
      [twice.status, twice.json.success, twice.json.valid, twice.json.code],
      [200, true, false, 'NOT_ACTIVATED'],
    );
    verifiedPayload(twice, publicKey);

    const unknown = await deactivate(server, 'ffffffff-0000-4000-8000-000000000000', second);
    assert.equal([unknown.status, unknown.json.success, unknown.json.code], [404, false, 'LICENSE_NOT_FOUND']);
    verifiedPayload(unknown, publicKey);

    const events = await eventsOf(server, id);
    assert.equal(
      events.map((event) => [
        event.type,
        event.actor,
        event.device_id,
        (event.data?.code as string | undefined) ?? null,
      ]),
      [
        ['activated', 'device', first, null],
        ['deactivated', 'device', first, null],
        ['activated', 'device', second, null],
        ['validation_failed', 'device', first, 'DEVICE_MISMATCH'],
        ['deactivated', 'device', second, null],
      ],
    );
    assert.is(events[2]!.data?.move, true, 'the second device is a move');
  } finally {
    await server.close();
  }
});

test('deactivate: always allowed for the bound device, even after the licence expired', async () => {
  let now = Date.now();
  const server = await startServer({}, { now: () => new Date(now) });
  try {
    const { id, key } = await seedLicense(server, { expiresInDays: 30 });
    const device = deviceId('expiring');
    assert.is((await activate(server, key, device)).status, 201);
    now += 40 * DAY_MS;
    assert.is((await validate(server, key, device)).json.code, 'LICENSE_EXPIRED');
    const answer = await deactivate(server, key, device);
    assert.equal(
      [answer.status, answer.json.code, (answer.json.license as any).status],
      [200, 'DEACTIVATED', 'expired'],
    );
    assert.equal(
      (await eventsOf(server, id)).map((event) => event.type),
      ['activated', 'validation_failed', 'deactivated'],
    );
  } finally {
    await server.close();
  }
});

test('deactivate with the admin session cookie is an admin_unbound by actor admin', async () => {
  const server = await startServer();
  try {
    const cookie = await loginCookie(server.url);
    const { id, key } = await seedLicense(server);
    const device = deviceId('adminview');
    await activate(server, key, device);
    const wrong = await deactivate(server, key, deviceId('nothere'), { cookie });
    assert.equal([wrong.status, wrong.json.code], [403, 'DEVICE_MISMATCH'], 'the admin also names the bound device');
    const answer = await deactivate(server, key, device, { cookie });
    assert.equal([answer.status, answer.json.success, answer.json.code], [200, true, 'DEACTIVATED']);
    const events = await eventsOf(server, id);
    assert.equal(
      events.map((event) => [event.type, event.actor]),
      [
        ['activated', 'device'],
        ['validation_failed', 'admin'],
        ['admin_unbound', 'admin'],
      ],
    );
    const stale = await deactivate(server, key, device, { cookie: 'loop_session=' + 'x'.repeat(43) });
    assert.equal([stale.status, stale.json.code], [200, 'NOT_ACTIVATED'], 'a forged cookie is just a device call');
  } finally {
    await server.close();
  }
});

test('moves: after the first binding at most LICENSE_MAX_MOVES new devices per 30 days; an admin unbind resets the count', async () => {
  let now = Date.now();
  const server = await startServer({}, { now: () => new Date(now) });
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server, { expiresInDays: 365 });
    const devices = ['a', 'b', 'c', 'd', 'e'].map((name) => deviceId(`move${name}`));
    const [a, b, c, d, e] = devices as [string, string, string, string, string];
    for (const device of [a, b, c, d]) {
      assert.is((await activate(server, key, device)).status, 201, `activate ${device}`);
      assert.is((await deactivate(server, key, device)).status, 200);
      now += 1000;
    }
    const refused = await activate(server, key, e, { nonce: 'transfer-nonce' });
    assert.equal([refused.status, refused.json.success, refused.json.code], [429, false, 'TRANSFER_LIMIT_REACHED']);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 29 * 24 * 3600 && retryAfter <= 30 * 24 * 3600, `Retry-After ${retryAfter}`);
    assert.is(verifiedPayload(refused, publicKey).nonce, 'transfer-nonce');

    // The device that released last may come back: that is not a new device.
    assert.is((await activate(server, key, d)).status, 201);
    const cookie = await loginCookie(server.url);
    assert.is((await deactivate(server, key, d, { cookie })).json.code, 'DEACTIVATED');
    assert.is((await activate(server, key, e)).status, 201, 'an admin unbind resets the move count');

    const types = (await eventsOf(server, id)).map((event) =>
      event.type === 'validation_failed' ? String(event.data?.code) : event.type,
    );
    assert.equal(types, [
      'activated',
      'deactivated',
      'activated',
      'deactivated',
      'activated',
      'deactivated',
      'activated',
      'deactivated',
      'TRANSFER_LIMIT_REACHED',
      'activated',
      'admin_unbound',
      'activated',
    ]);
  } finally {
    await server.close();
  }
});

test('moves: the window is rolling: moves older than 30 days stop counting', async () => {
  let now = Date.now();
  const server = await startServer({ LICENSE_MAX_MOVES: '1' }, { now: () => new Date(now) });
  try {
    const { key } = await seedLicense(server, { expiresInDays: 365 });
    const [a, b, c] = [deviceId('rolla'), deviceId('rollb'), deviceId('rollc')];
    await activate(server, key, a);
    await deactivate(server, key, a);
    assert.is((await activate(server, key, b)).status, 201);
    await deactivate(server, key, b);
    assert.is((await activate(server, key, c)).json.code, 'TRANSFER_LIMIT_REACHED');
    now += 31 * DAY_MS;
    assert.is((await activate(server, key, c)).status, 201);
  } finally {
    await server.close();
  }
});

test.run();
