// No Intl here: the first Intl formatter a page makes loads ICU's data, one task of ~30-50 ms on
// this kind of machine (more on a cheap phone), which would be the longest task of a public
// page's hydration. Prices are contract/rules/rupiah.ts's, days contract/rules/shop-time.ts's.

export { formatCount, formatRupiah } from '../contract/rules/rupiah';

/** Two digits, for clocks: 7 → `07`. */
export function twoDigits(value: number): string {
  return String(Math.max(0, Math.floor(value))).padStart(2, '0');
}
