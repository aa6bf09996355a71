import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { seedStorefront } from '../../api/storefront/storefront-view';
import { checkoutUrl } from './checkout-url';
import { setStorefront } from './storefront';

const catalogue = seedStorefront();
setStorefront(catalogue);
const link = (id: string): string => catalogue.plans.find((plan) => plan.id === id)!.checkout_url;

const CASES: Array<[Parameters<typeof checkoutUrl>[0], string, string]> = [
  ['loopbot', 'Trial 4 Hari', link('loopbot-trial-4-hari')],
  ['loopbot', '1 Tahun', link('loopbot-1-tahun')],
  ['loopbot', '6 Bulan', link('loopbot-6-bulan')],
  ['loopbot', 'Paket Rahasia', link('loopbot-1-bulan')],
  ['loopbot', 'toString', link('loopbot-1-bulan')],
  ['loopbot', '', link('loopbot-1-bulan')],
  ['loopstream', 'Set 1', link('loopstream-set-1')],
  ['loopstream', 'Set 3', link('loopstream-set-3')],
  ['loopstream', 'Set 9', link('loopstream-set-2')],
  ['loopstream', '1 Bulan', link('loopstream-set-2')],
  ['combo', '', link('combo')],
];

test('checkoutUrl picks the link by plan name and falls back for unknown names', () => {
  for (const [product, plan, expected] of CASES) assert.is(checkoutUrl(product, plan), expected, `${product} ${plan}`);
});

test('checkoutUrl links are distinct per plan', () => {
  assert.is.not(link('loopbot-1-bulan'), link('loopbot-1-tahun'));
  assert.is.not(link('loopstream-set-1'), link('loopstream-set-2'));
});

test('checkoutUrl follows a changed catalogue', () => {
  setStorefront({ ...catalogue, plans: catalogue.plans.map((plan) => (plan.id === 'loopbot-1-bulan' ? { ...plan, checkout_url: 'https://lynk.id/mine/1' } : plan)) });
  assert.is(checkoutUrl('loopbot', '1 Bulan'), 'https://lynk.id/mine/1');
  assert.is(checkoutUrl('loopbot', 'Paket Rahasia'), 'https://lynk.id/mine/1');
  setStorefront(catalogue);
});

test.run();
