import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatLongDate, formatRupiah, twoDigits } from './format';

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

test('formatLongDate uses Indonesian month names', () => {
  assert.is(formatLongDate(new Date(2026, 10, 22)), '22 November 2026');
  assert.is(formatLongDate(new Date(2025, 0, 5)), '5 Januari 2025');
  assert.is(formatLongDate(new Date(2025, 7, 17)), '17 Agustus 2025');
});

test('twoDigits pads and floors', () => {
  assert.is(twoDigits(7), '07');
  assert.is(twoDigits(59), '59');
  assert.is(twoDigits(0), '00');
  assert.is(twoDigits(-3), '00');
  assert.is(twoDigits(9.9), '09');
});

test.run();
