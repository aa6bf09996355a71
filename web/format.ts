// Made on first use: the first Intl formatter for a locale loads its data (~50 ms on a busy
// phone-class CPU), which pages that never show a price or a date should not pay while hydrating.
let rupiah: Intl.NumberFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;

/** `Rp 150.000`: Indonesian grouping; a plain space so the text matches what people type and search. */
export function formatRupiah(amount: number): string {
  rupiah ??= new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  return rupiah.format(amount).replace(/\s/g, ' ');
}

/** `22 November 2026`. */
export function formatLongDate(date: Date): string {
  longDate ??= new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric' });
  return longDate.format(date);
}

/** Two digits, for clocks: 7 → `07`. */
export function twoDigits(value: number): string {
  return String(Math.max(0, Math.floor(value))).padStart(2, '0');
}
