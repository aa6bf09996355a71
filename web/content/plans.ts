/**
 * What a price card says beside the price, worked out from the catalogue's prices and licence
 * lengths, so a changed price changes every text that depends on it.
 */
import type { PagePlan } from '../../contract/calls/storefront';
import { formatRupiah } from '../format';

const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;

/** Shown after the price as `/period`: `bulan`, `3 bulan`, `tahun`, `4 hari`; none for a one-off payment. */
export function periodOf(days: number | null): string | undefined {
  if (days === null || days <= 0) return undefined;
  if (days % DAYS_PER_YEAR === 0) return days === DAYS_PER_YEAR ? 'tahun' : `${days / DAYS_PER_YEAR} tahun`;
  if (days % DAYS_PER_MONTH === 0) return days === DAYS_PER_MONTH ? 'bulan' : `${days / DAYS_PER_MONTH} bulan`;
  return `${days} hari`;
}

/** Whole months a plan longer than one month covers (a year is 12). */
function monthsOf(days: number | null): number | undefined {
  if (days === null) return undefined;
  const months = days % DAYS_PER_YEAR === 0 ? (days / DAYS_PER_YEAR) * 12 : Math.round(days / DAYS_PER_MONTH);
  return months > 1 ? months : undefined;
}

/** The effective monthly price of a plan longer than a month. */
export function perMonthOf(plan: Pick<PagePlan, 'price_idr' | 'duration_days'>): number | undefined {
  const months = monthsOf(plan.duration_days);
  return months ? Math.round(plan.price_idr / months) : undefined;
}

/** Percent saved per month against the product's one-month plan; only a real saving of 1% or more. */
export function savingOf(plan: PagePlan, plans: readonly PagePlan[]): number | undefined {
  const perMonth = perMonthOf(plan);
  const monthly = plans.find((other) => other.product === plan.product && other.duration_days === DAYS_PER_MONTH);
  if (!perMonth || !monthly) return undefined;
  const saving = Math.round((1 - perMonth / monthly.price_idr) * 100);
  return saving >= 1 ? saving : undefined;
}

/** The line under the price: `Setara Rp 133.000/bulan · Hemat sekitar 11%`, then the plan's own note. */
export function planNoteOf(plan: PagePlan, plans: readonly PagePlan[]): string {
  const perMonth = perMonthOf(plan);
  const saving = savingOf(plan, plans);
  return [perMonth ? `Setara ${formatRupiah(perMonth)}/bulan` : '', saving ? `Hemat sekitar ${saving}%` : '', plan.note]
    .filter(Boolean)
    .join(' · ');
}

/** The cheapest price of a product on sale, for titles such as `Harga mulai Rp 24.000`. */
export function lowestPrice(plans: readonly PagePlan[]): number | undefined {
  const prices = plans.filter((plan) => plan.available).map((plan) => plan.price_idr);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}
