/**
 * Prices and counts as Indonesians write them, the same on the pages, in the admin and in the
 * server's texts (order notes, the activity log). No Intl: the first Intl formatter a page makes
 * loads ICU's data, one long task during a public page's hydration.
 */

/** `2.499.000`: a whole number with Indonesian grouping (dots). */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return value < 0 ? `-${digits}` : digits;
}

/** `Rp 150.000`: Indonesian grouping; a plain space so the text matches what people type and search. */
export function formatRupiah(amount: number): string {
  return amount < 0 ? `-Rp ${formatCount(-amount)}` : `Rp ${formatCount(amount)}`;
}
