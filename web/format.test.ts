import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCount, formatRupiah, twoDigits } from './format';

test('formatRupiah writes prices the Indonesian way', () => {
  const cases: Array<[number, string]> = [
    [24_000, 'Rp 24.000'],
    [150_000, 'Rp 150.000'],
    [83_250, 'Rp 83.250'],
    [116_500, 'Rp 116.500'],
    [2_499_000, 'Rp 2.499.000'],
    [0, 'Rp 0'],
  ];
  for (const [amount, expected] of cases) assert.is(formatRupiah(amount), expected);
});

test('formatRupiah and formatCount write what Intl (id-ID) writes, without loading it', () => {
  const rupiah = new Intl.NumberFormat('id-ID', {
    style: 'currency',
    currency: 'IDR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  const count = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });
  for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 2_499_000, 123_456_789, -150_000]) {
    assert.is(formatRupiah(value), rupiah.format(value).replace(/\s/g, ' '), String(value));
    assert.is(formatCount(value), count.format(value), String(value));
  }
});

test('twoDigits pads and floors', () => {
  assert.is(twoDigits(7), '07');
  assert.is(twoDigits(59), '59');
  assert.is(twoDigits(0), '00');
  assert.is(twoDigits(-3), '00');
  assert.is(twoDigits(9.9), '09');
});

test.run();
