const RUPIAH = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const LONG_DATE = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric' });

/** `Rp 150.000`: Indonesian grouping; a plain space so the text matches what people type and search. */
export function formatRupiah(amount: number): string {
  return RUPIAH.format(amount).replace(/\s/g, ' ');
}

/** `22 November 2026`. */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** Two digits, for clocks: 7 → `07`. */
export function twoDigits(value: number): string {
  return String(Math.max(0, Math.floor(value))).padStart(2, '0');
}
