import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkoutUrl } from './checkout-url';
import { SITE_SETTINGS } from './site-settings';

const { loopBot, loopStream } = SITE_SETTINGS.checkout;

const CASES: Array<[Parameters<typeof checkoutUrl>[0], string, string]> = [
  ['loopbot', 'Trial 4 Hari', loopBot['Trial 4 Hari']],
  ['loopbot', '1 Tahun', loopBot['1 Tahun']],
  ['loopbot', '6 Bulan', loopBot['6 Bulan']],
  ['loopbot', 'Paket Rahasia', loopBot['1 Bulan']],
  ['loopbot', 'toString', loopBot['1 Bulan']],
  ['loopbot', '', loopBot['1 Bulan']],
  ['loopstream', 'Set 1', loopStream['Set 1']],
  ['loopstream', 'Set 3', loopStream['Set 3']],
  ['loopstream', 'Set 9', loopStream['Set 2']],
  ['loopstream', '1 Bulan', loopStream['Set 2']],
];

test('checkoutUrl picks the link by plan name and falls back for unknown names', () => {
  for (const [product, plan, expected] of CASES) assert.is(checkoutUrl(product, plan), expected, `${product} ${plan}`);
});

test('checkoutUrl links are distinct per plan', () => {
  assert.is.not(loopBot['1 Bulan'], loopBot['1 Tahun']);
  assert.is.not(loopStream['Set 1'], loopStream['Set 2']);
});

test.run();
