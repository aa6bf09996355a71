import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedStorefront } from '../../api/storefront/storefront-view';
import { lowestPrice, perMonthOf, periodOf, planNoteOf, savingOf } from './plans';

const plans = seedStorefront().plans;
const plan = (id: string) => plans.find((item) => item.id === id)!;

test('periodOf: days, months and years as a card says them', () => {
  const cases: Array<[number | null, string | undefined]> = [
    [4, '4 hari'],
    [30, 'bulan'],
    [90, '3 bulan'],
    [180, '6 bulan'],
    [365, 'tahun'],
    [730, '2 tahun'],
    [45, '45 hari'],
    [null, undefined],
  ];
  for (const [days, period] of cases) assert.is(periodOf(days), period, String(days));
});

test('perMonthOf and savingOf: the figures of docs/spec.md#savings-rule from the prices', () => {
  assert.equal(
    ['loopbot-3-bulan', 'loopbot-6-bulan', 'loopbot-1-tahun'].map((id) => perMonthOf(plan(id))),
    [133_000, 116_500, 83_250],
  );
  assert.is(perMonthOf(plan('loopbot-1-bulan')), undefined);
  assert.is(perMonthOf(plan('loopbot-trial-4-hari')), undefined);
  assert.is(savingOf(plan('loopbot-3-bulan'), plans), 11);
  assert.is(savingOf(plan('loopbot-1-bulan'), plans), undefined);
  assert.is(planNoteOf(plan('loopbot-3-bulan'), plans), 'Setara Rp 133.000/bulan · Hemat sekitar 11%');
  assert.is(planNoteOf({ ...plan('loopbot-3-bulan'), price_idr: 450_000 }, plans), 'Setara Rp 150.000/bulan');
  assert.is(planNoteOf(plan('loopbot-lifetime'), plans), 'Sekali bayar, tanpa biaya bulanan');
});

test('lowestPrice: plans on sale only', () => {
  assert.is(lowestPrice(plans.filter((item) => item.product === 'loopbot')), 24_000);
  assert.is(lowestPrice(plans.filter((item) => item.product === 'loopstream')), 250_000);
  assert.is(lowestPrice([]), undefined);
});

test.run();
