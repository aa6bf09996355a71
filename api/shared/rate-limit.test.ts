import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RateLimiter } from './rate-limit';

test('RateLimiter: limit per key within the window, then the wait in seconds; the window passes', () => {
  let now = 1_000_000;
  const limiter = new RateLimiter(3, 60_000, () => now);
  assert.equal([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')], [0, 0, 0]);
  assert.is(limiter.blockedFor('a'), 60);
  assert.is(limiter.hit('a'), 60);
  assert.is(limiter.blockedFor('b'), 0, 'keys are apart');
  now += 30_000;
  assert.is(limiter.blockedFor('a'), 30);
  now += 30_001;
  assert.is(limiter.blockedFor('a'), 0);
  assert.is(limiter.hit('a'), 0, 'a new window');
});

test('RateLimiter: reset forgets a key', () => {
  const limiter = new RateLimiter(1, 60_000, () => 0);
  limiter.hit('a');
  assert.ok(limiter.blockedFor('a') > 0);
  limiter.reset('a');
  assert.is(limiter.blockedFor('a'), 0);
});

test('RateLimiter: expired windows are dropped as time passes, whatever the number of live ones', () => {
  let now = 0;
  const limiter = new RateLimiter<number>(5, 1_000, () => now);
  for (let key = 0; key < 1000; key++) {
    limiter.hit(key);
    now += 1;
  }
  const size = (): number => (limiter as unknown as { windows: Map<number, unknown> }).windows.size;
  assert.is(size(), 1000);
  now = 1_500;
  limiter.hit(5000);
  assert.is(size(), 500, 'the first 500 windows ended before t=1500');
  limiter.hit(200);
  now = 1_700;
  limiter.hit(5001);
  assert.is(limiter.count(200), 1, 'an ended window started again is kept, in its new place');
  assert.is(size(), 302);
});

test('RateLimiter: after the clock steps back, ended windows are still dropped once the map is large', () => {
  let now = 10_000_000;
  const limiter = new RateLimiter<number>(5, 60_000, () => now);
  limiter.hit(-1);
  now -= 3_600_000; // an hour back: the window at the front now outlives every later one
  for (let key = 0; key < 100_000; key++) limiter.hit(key);
  now += 120_000;
  limiter.hit(-2);
  const size = (limiter as unknown as { windows: Map<number, unknown> }).windows.size;
  assert.is(size, 2, 'only the window from before the step and the new one are left');
});

test.run();
