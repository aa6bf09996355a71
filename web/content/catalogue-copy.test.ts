import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedStorefront } from '../../api/storefront/storefront-view';
import { copyValues, fillCopy } from './catalogue-copy';
import { savingOf } from './plans';

const seed = seedStorefront().plans;
const withPlan = (id: string, change: object) => seed.map((plan) => (plan.id === id ? { ...plan, ...change } : plan));
const contacts = { support_email: 'halo@toko.id' };
const fill = (text: string, plans = seed): string => fillCopy(text, copyValues([text], plans), contacts);
const TRIAL = 'Ada uji coba gratis[[, atau paket {name:loopbot-trial-4-hari} seharga {price:loopbot-trial-4-hari}]].';

test('fillCopy: plan names and prices from the catalogue', () => {
  assert.is(fill(TRIAL), 'Ada uji coba gratis, atau paket Trial 4 Hari seharga Rp 24.000.');
  assert.is(
    fill(TRIAL, withPlan('loopbot-trial-4-hari', { price_idr: 29_500 })),
    'Ada uji coba gratis, atau paket Trial 4 Hari seharga Rp 29.500.',
  );
  assert.is(fill('Tulis ke {support_email}.'), 'Tulis ke halo@toko.id.');
});

test('fillCopy: a segment about a plan off sale is dropped, or replaced by its fallback', () => {
  const off = withPlan('loopbot-trial-4-hari', { available: false });
  assert.is(fill(TRIAL, off), 'Ada uji coba gratis.');
  assert.is(fill('[[Paket {name:loopbot-trial-4-hari}.||Tidak ada trial.]]', off), 'Tidak ada trial.');
  assert.is(fill('[[Hanya {price:no-such-plan}.]]'), '');
});

test("fillCopy: the free trial's days follow the Storefront tab; switched off, the sentence offers none", () => {
  const text = 'Uji coba gratis [[{trial_days} hari untuk LoopBOT dan ]]1 hari untuk LoopStream.';
  const filled = (trial: { enabled: boolean; days: number }): string =>
    fillCopy(text, copyValues([text], seed, trial), contacts);
  assert.is(filled({ enabled: true, days: 3 }), 'Uji coba gratis 3 hari untuk LoopBOT dan 1 hari untuk LoopStream.');
  assert.is(filled({ enabled: true, days: 7 }), 'Uji coba gratis 7 hari untuk LoopBOT dan 1 hari untuk LoopStream.');
  assert.is(filled({ enabled: false, days: 7 }), 'Uji coba gratis 1 hari untuk LoopStream.');
});

test('fillCopy: of several alternatives, the first whose tokens all have values', () => {
  const text = '[[A {trial_days} {name:loopbot-trial-4-hari}.||B {trial_days}.||C {name:loopbot-trial-4-hari}.||D.]]';
  const off = withPlan('loopbot-trial-4-hari', { available: false });
  const filled = (plans: typeof seed, enabled: boolean): string =>
    fillCopy(text, copyValues([text], plans, { enabled, days: 3 }), contacts);
  assert.is(filled(seed, true), 'A 3 Trial 4 Hari.');
  assert.is(filled(off, true), 'B 3.');
  assert.is(filled(seed, false), 'C Trial 4 Hari.');
  assert.is(filled(off, false), 'D.');
});

test("fillCopy: savings are the price cards' own (savingOf)", () => {
  const year = seed.find((plan) => plan.id === 'loopbot-1-tahun')!;
  assert.is(fill('{saving:loopbot-1-tahun}'), `${savingOf(year, seed)}%`);
  const cheaper = withPlan('loopbot-1-tahun', { price_idr: 1_620_000 });
  assert.is(fill('{saving:loopbot-1-tahun}', cheaper), '10%');
  const list = fill('{savings:loopbot}');
  const saving = (id: string): number | undefined =>
    savingOf(
      seed.find((plan) => plan.id === id)!,
      seed,
    );
  assert.is(
    list,
    `3 Bulan hemat sekitar ${saving('loopbot-3-bulan')}%, 6 Bulan sekitar ${saving('loopbot-6-bulan')}% dan 1 Tahun sekitar ${saving('loopbot-1-tahun')}%`,
  );
  // No saving at all: the sentence gives way to its fallback.
  const flat = seed.map((plan) =>
    plan.product === 'loopbot' && plan.duration_days
      ? { ...plan, price_idr: 150_000 * Math.max(1, Math.round(plan.duration_days / 30)) }
      : plan,
  );
  assert.is(fill('[[Hemat: {savings:loopbot}.||Tidak ada potongan.]]', flat), 'Tidak ada potongan.');
});

test('copyValues: only the tokens the texts name', () => {
  assert.equal(copyValues([TRIAL], seed), {
    'name:loopbot-trial-4-hari': 'Trial 4 Hari',
    'price:loopbot-trial-4-hari': 'Rp 24.000',
  });
});

test.run();
