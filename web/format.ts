// No Intl here: the first Intl formatter a page makes loads ICU's data, one task of ~30-50 ms on
// this kind of machine (more on a cheap phone), which would be the longest task of a public
// page's hydration. Indonesian numbers and dates are simple enough to write out.

const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

export { formatCount, formatRupiah } from '../contract/rules/rupiah';

/** `22 November 2026`, from the date's fields as read by `utc` or the browser's own clock. */
export function formatLongDate(date: Date, utc = false): string {
  return utc
    ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
    : `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Two digits, for clocks: 7 → `07`. */
export function twoDigits(value: number): string {
  return String(Math.max(0, Math.floor(value))).padStart(2, '0');
}
