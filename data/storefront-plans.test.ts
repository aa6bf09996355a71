import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withMigratedDatabase } from '../test/harness';
import { findPlanByLynkTitle, listPlans, seedPlans, updatePlansIn } from './storefront-plans';
import { SEED_PLANS } from './storefront-seed';

const T1 = '2026-06-01T00:00:00.000Z';

test('seedPlans: writes the shipped plans once, in order; listPlans reads them back as written', () =>
  withMigratedDatabase(async (db) => {
    assert.is(await seedPlans(db, SEED_PLANS, T1), SEED_PLANS.length);
    assert.equal(await listPlans(db), SEED_PLANS);
    assert.is(await seedPlans(db, SEED_PLANS, T1), 0);
    const plans = await listPlans(db);
    assert.equal(plans.map((plan) => plan.id).slice(0, 2), ['loopbot-trial-4-hari', 'loopbot-1-bulan']);
    const oneMonth = plans.find((plan) => plan.id === 'loopbot-1-bulan')!;
    assert.equal([oneMonth.price_idr, oneMonth.duration_days, oneMonth.available], [150_000, 30, true]);
    const lifetime = plans.find((plan) => plan.id === 'loopbot-lifetime')!;
    assert.equal([lifetime.duration_days, lifetime.available], [null, false]);
    const set2 = plans.find((plan) => plan.id === 'loopstream-set-2')!;
    assert.equal(
      [set2.streams_720p, set2.streams_1080p, set2.streams_4k, set2.storage_gb, set2.most_popular],
      [25, 17, 8, 60, true],
    );
  }));

test('seedPlans: adds only missing plans, never overwrites a changed one', () =>
  withMigratedDatabase(async (db) => {
    await seedPlans(db, SEED_PLANS.slice(0, 2), T1);
    await db.transaction((tx) => updatePlansIn(tx, [{ ...SEED_PLANS[1]!, price_idr: 175_000 }], T1));
    assert.is(await seedPlans(db, SEED_PLANS, T1), SEED_PLANS.length - 2);
    const plans = await listPlans(db);
    assert.is(plans.length, SEED_PLANS.length);
    assert.is(plans[1]!.price_idr, 175_000);
  }));

test('findPlanByLynkTitle: trimmed, any case, inner spaces collapsed, any of the titles', () =>
  withMigratedDatabase(async (db) => {
    await seedPlans(db, SEED_PLANS, T1);
    const plan = SEED_PLANS[1]!;
    await db.transaction((tx) =>
      updatePlansIn(tx, [{ ...plan, lynk_titles: ['LoopBOT 1 Bulan', 'Paket Bulanan LoopBOT'] }], T1),
    );
    for (const title of ['LoopBOT 1 Bulan', '  loopbot 1 bulan ', 'LOOPBOT  1 BULAN', 'paket bulanan loopbot']) {
      assert.is((await findPlanByLynkTitle(db, title))?.id, plan.id, title);
    }
    assert.is((await findPlanByLynkTitle(db, 'LoopStream Set 3'))?.id, 'loopstream-set-3');
    for (const title of ['', '   ', 'LoopBOT 2 Bulan', 'LoopBOT'])
      assert.is(await findPlanByLynkTitle(db, title), undefined, title);
  }));

test('updatePlansIn: every editable field round-trips', () =>
  withMigratedDatabase(async (db) => {
    await seedPlans(db, SEED_PLANS, T1);
    const changed = {
      ...SEED_PLANS[6]!,
      price_idr: 260_000,
      checkout_url: 'https://lynk.id/mine/set-1',
      available: false,
      most_popular: true,
      lynk_titles: ['Set Satu'],
      note: 'Hemat',
      perks: ['Satu', 'Dua'],
      streams_720p: 16,
      streams_1080p: 11,
      streams_4k: 6,
      storage_gb: 50,
    };
    await db.transaction((tx) => updatePlansIn(tx, [changed], T1));
    assert.equal((await listPlans(db))[6], changed);
  }));

test.run();
