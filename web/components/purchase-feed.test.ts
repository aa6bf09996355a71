import '../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CITIES, FIRST_NAMES } from '../content/purchase-names';
import { installFakeTimers } from '../../test/fake-timers';
import {
  CLEARANCE,
  coversAny,
  createNotificationMaker,
  relativeTimeText,
  secondsAgo,
  startPurchaseFeed,
} from './purchase-feed';
import type { PurchaseNotification } from './purchase-feed';

/** A random source that plays back the given values, then repeats the last one. */
function scripted(values: number[]): () => number {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
}

test('relativeTimeText reads "x menit y detik yang lalu"', () => {
  const cases: Array<[number, string]> = [
    [0, '0 detik yang lalu'],
    [45.9, '45 detik yang lalu'],
    [60, '1 menit 0 detik yang lalu'],
    [125, '2 menit 5 detik yang lalu'],
    [-3, '0 detik yang lalu'],
  ];
  for (const [seconds, text] of cases) assert.is(relativeTimeText(seconds), text);
  const item = { baseTime: 90, timestamp: 1000 } as PurchaseNotification;
  assert.is(relativeTimeText(secondsAgo(item, 31_000)), '2 menit 0 detik yang lalu');
});

test('the sample data has about 270 names and 130 cities', () => {
  assert.ok(FIRST_NAMES.length >= 260 && FIRST_NAMES.length <= 280);
  assert.ok(CITIES.length >= 125 && CITIES.length <= 135);
});

test('createNotificationMaker retries a seen name/product/city combination', () => {
  let calls = 0;
  const values = [0, 0, 0, 0, 0, /* second: same combo twice, then a new city */ 0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0];
  const random = (): number => values[calls++] ?? 0;
  const make = createNotificationMaker(random);
  const first = make(0);
  const second = make(0);
  assert.is(first.name, FIRST_NAMES[0]);
  assert.is(second.name, first.name);
  assert.is(second.product, first.product);
  assert.is.not(second.location, first.location);
});

test('createNotificationMaker gives up after 50 tries and clears its memory above 100 combinations', () => {
  let calls = 0;
  let mode: 'distinct' | 'same' = 'distinct';
  let counter = 0;
  // Distinct mode walks through names so every combination is new; same mode always picks index 0.
  const random = (): number => {
    calls++;
    if (mode === 'same') return 0;
    counter++;
    return counter % 5 === 1 ? (Math.floor(counter / 5) % FIRST_NAMES.length) / FIRST_NAMES.length : 0;
  };
  const make = createNotificationMaker(random);
  for (let round = 0; round < 101; round++) make(0);
  mode = 'same';
  calls = 0;
  make(0);
  assert.is(calls, 50 * 3 + 2, 'all 50 tries used when every candidate was seen');
  // The memory held 101 combinations, so it was cleared: an early combination is new again.
  mode = 'distinct';
  counter = 5;
  calls = 0;
  const again = make(0);
  assert.is(calls, 5, 'accepted on the first try');
  assert.is(again.name, FIRST_NAMES[1]);
});

test('startPurchaseFeed: first after 3-8 s, next every 8-18 s, each visible 4-7 s', () => {
  const clock = installFakeTimers();
  const history: number[] = [];
  try {
    const stop = startPurchaseFeed((items) => history.push(items.length), scripted([0]));
    clock.tick(2999);
    assert.equal(history, []);
    clock.tick(1);
    assert.equal(history, [1]);
    clock.tick(3999);
    assert.equal(history, [1]);
    clock.tick(1);
    assert.equal(history, [1, 0]);
    clock.tick(4000);
    assert.equal(history, [1, 0, 1], 'next one 8 s after the previous appeared');
    stop();
    clock.tick(60_000);
    assert.equal(history, [1, 0, 1], 'nothing after stop');
    assert.is(clock.pending(), 0);
  } finally {
    clock.uninstall();
  }
});

test('startPurchaseFeed uses the upper bounds and never shows more than 5', () => {
  const clock = installFakeTimers();
  const sizes: number[] = [];
  try {
    const stop = startPurchaseFeed((items) => sizes.push(items.length), scripted([0.99999]));
    clock.tick(7999);
    assert.equal(sizes, []);
    clock.tick(1);
    assert.equal(sizes, [1]);
    clock.tick(7000);
    assert.equal(sizes, [1, 0]);
    stop();
    const long = { firstDelay: [10, 10], nextDelay: [10, 10], visibleFor: [1000, 1000], maxShown: 5 } as const;
    const stopLong = startPurchaseFeed((items) => sizes.push(items.length), Math.random, long);
    clock.tick(200);
    assert.is(Math.max(...sizes), 5);
    stopLong();
  } finally {
    clock.uninstall();
  }
});

test('coversAny: a notification steps aside for any control it overlaps or nearly touches', () => {
  // The card of a 390x844 phone: 16 px from the left and the bottom, 85 px high.
  const card = { top: 743, right: 374, bottom: 828, left: 16 };
  const cases: Array<[string, { top: number; right: number; bottom: number; left: number }, boolean]> = [
    ['"Ambil Promo Sekarang" in the bottom band', { top: 760, right: 343, bottom: 812, left: 47 }, true],
    [
      'a button just above, within the clearance',
      { top: 690, right: 300, bottom: 743 - CLEARANCE + 1, left: 50 },
      true,
    ],
    ['a button above the clearance', { top: 600, right: 300, bottom: 743 - CLEARANCE, left: 50 }, false],
    ['a link beside it on a wide screen', { top: 760, right: 700, bottom: 800, left: 374 + CLEARANCE }, false],
    ['a hidden control (empty box)', { top: 0, right: 0, bottom: 0, left: 0 }, false],
  ];
  for (const [name, control, expected] of cases) assert.is(coversAny(card, [control]), expected, name);
  assert.not.ok(
    coversAny({ top: 0, right: 0, bottom: 0, left: 0 }, [{ top: 0, right: 390, bottom: 844, left: 0 }]),
    'no card, nothing covered',
  );
});

test.run();
