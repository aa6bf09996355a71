import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAY_MS } from './durations';
import { daysRemaining, hasPassed, isExpiryPassed } from './durations';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');

test('an expiry has passed at its instant; an unreadable one counts as passed', () => {
  assert.ok(hasPassed(NOW, NOW));
  assert.not.ok(hasPassed(NOW + 1, NOW));
  assert.ok(hasPassed(Number.NaN, NOW));
  assert.ok(isExpiryPassed('2026-11-27T10:00:00.000Z', new Date(NOW)));
  assert.not.ok(isExpiryPassed('2026-11-27T10:00:01.000Z', new Date(NOW)));
  assert.ok(isExpiryPassed('not a date', new Date(NOW)));
  // Not the stored form (toISOString): unreadable to the store's SQL, so passed here too.
  assert.ok(isExpiryPassed('2099-01-01', new Date(NOW)));
});

test('days remaining: a started day counts as one; 0 once passed or unreadable', () => {
  assert.is(daysRemaining(NOW + 1, NOW), 1);
  assert.is(daysRemaining(NOW + DAY_MS, NOW), 1);
  assert.is(daysRemaining(NOW + DAY_MS + 1, NOW), 2);
  assert.is(daysRemaining(NOW, NOW), 0);
  assert.is(daysRemaining(NOW - 5 * DAY_MS, NOW), 0);
  assert.is(daysRemaining(Number.NaN, NOW), 0);
});

test.run();
