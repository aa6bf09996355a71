import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Config } from '../config';
import { LicenseThrottle } from './license-throttle';

const LIMITS: Config['license'] = {
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

test('hitIp: the per-minute limit, then a wait until the window ends', () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  assert.equal([throttle.hitIp('a'), throttle.hitIp('a'), throttle.hitIp('a')], [0, 0, 0]);
  assert.is(throttle.hitIp('a'), 60);
  assert.is(throttle.hitIp('b'), 0);
  time.advance(60_000);
  assert.is(throttle.hitIp('a'), 0);
});

test('hitKey: each call has its own hourly limit; the first refusal of a window is flagged once', () => {
  const throttle = new LicenseThrottle(LIMITS, clock().now);
  const results = Array.from({ length: 4 }, () => throttle.hitKey('activate', 'k'));
  assert.equal(results.map((result) => result.wait > 0), [false, false, true, true]);
  assert.equal(results.map((result) => result.first), [false, false, true, false]);
  assert.is(results[2]!.wait, 3600);
  assert.is(throttle.hitKey('validate', 'k').wait, 0);
  assert.is(throttle.hitKey('deactivate', 'k').wait, 0);
  assert.ok(throttle.hitKey('deactivate', 'k').wait > 0);
});

test('unknownKey: the limit-th unknown key blocks the IP for 15 minutes, other IPs unaffected', () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  assert.equal([throttle.unknownKey('x'), throttle.unknownKey('x')], [false, false]);
  assert.is(throttle.blockedFor('x'), 0);
  assert.is(throttle.unknownKey('x'), true);
  assert.is(throttle.blockedFor('x'), 900);
  assert.is(throttle.hitIp('x'), 900);
  assert.is(throttle.hitIp('y'), 0);
  time.advance(15 * 60_000 - 1000);
  assert.is(throttle.blockedFor('x'), 1);
  time.advance(1000);
  assert.is(throttle.blockedFor('x'), 0);
  assert.is(throttle.hitIp('x'), 0);
});

test('unknownKey: guesses spread over more than 15 minutes do not add up', () => {
  const time = clock();
  const throttle = new LicenseThrottle(LIMITS, time.now);
  throttle.unknownKey('z');
  throttle.unknownKey('z');
  time.advance(15 * 60_000);
  assert.is(throttle.unknownKey('z'), false);
});

test.run();
