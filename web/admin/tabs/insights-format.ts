import type { InsightBucket } from '../../../contract/rules/insight-periods';

export function percent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A shop day (`2026-11-03`, already in the shop's zone) as a bucket label: `3 Nov`, `w/c 3 Nov`, `Nov 2026`. */
export function bucketLabel(day: string, bucket: InsightBucket): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = MONTHS[month - 1]!;
  if (bucket === 'month') return `${name} ${year}`;
  return bucket === 'week' ? `w/c ${date} ${name}` : `${date} ${name}`;
}
