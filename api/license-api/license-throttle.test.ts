import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ServerConfig } from '../config';
import { LicenseThrottle } from './license-throttle';

const LIMITS: ServerConfig['license'] = {
  signingKeyPem: undefined,
  maxMoves: 3,
  ratePerIpPerMin: 3,
  activatePerHour: 2,
  deactivatePerHour: 1,
  validatePerHour: 4,
  unknownKeyLimit: 3,
};

function clock(): { now: () => number; advance: (ms: number) => void } {
  let time = 1_000_000;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

test('hitIp: the per-minute limit, then a wait until the window ends', async () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  assert.equal([await throttle.hitIp('a'), await throttle.hitIp('a'), await throttle.hitIp('a')], [0, 0, 0]);
  assert.is(await throttle.hitIp('a'), 60);
  assert.is(await throttle.hitIp('b'), 0);
  time.advance(60_000);
  assert.is(await throttle.hitIp('a'), 0);
});

test('hitKey: each call has its own hourly limit; the first refusal of a window is flagged once', async () => {
  const throttle = new LicenseThrottle(LIMITS, clock().now);
  const results = [];
  for (let hit = 0; hit < 4; hit++) results.push(await throttle.hitKey('activate', 'k'));
  assert.equal(
    results.map((result) => result.wait > 0),
    [false, false, true, true],
  );
  assert.equal(
    results.map((result) => result.first),
    [false, false, true, false],
  );
  assert.is(results[2]!.wait, 3600);
  assert.is((await throttle.hitKey('validate', 'k')).wait, 0);
  assert.is((await throttle.hitKey('deactivate', 'k')).wait, 0);
  assert.ok((await throttle.hitKey('deactivate', 'k')).wait > 0);
});

test('unknownKey: the limit-th unknown key blocks the IP for 15 minutes, other IPs unaffected', async () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  assert.equal([await throttle.unknownKey('x'), await throttle.unknownKey('x')], [false, false]);
  assert.is(await throttle.blockedFor('x'), 0);
  assert.is(await throttle.unknownKey('x'), true);
  assert.is(await throttle.blockedFor('x'), 900);
  assert.is(await throttle.hitIp('x'), 900);
  assert.is(await throttle.hitIp('y'), 0);
  time.advance(15 * 60_000 - 1000);
  assert.is(await throttle.blockedFor('x'), 1);
  time.advance(1000);
  assert.is(await throttle.blockedFor('x'), 0);
  assert.is(await throttle.hitIp('x'), 0);
});

test('unknownKey: guesses spread over more than 15 minutes do not add up', async () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  await throttle.unknownKey('z');
  await throttle.unknownKey('z');
  time.advance(15 * 60_000);
  assert.is(await throttle.unknownKey('z'), false);
});

test.run();
