/**
 * A period the owner picks, cut at midnight in the shop's time zone, and its buckets: days up to a
 * month, weeks (Monday to Sunday, clipped to the period) for 90 days, calendar months for a year.
 */
import type { InsightBucket, InsightPeriod } from '../../contract/rules/insight-periods';
import { shopDay, wallTimeToMoment } from '../../contract/rules/shop-time';

import type { Span } from '../../data/insights/period-spans';

export type PeriodRange = {
  key: InsightPeriod;
  from: string;
  to: string;
  bucket: InsightBucket;
  buckets: Span[];
  days: Span[];
};

const LENGTHS: Partial<Record<InsightPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

/** `2026-11-03` moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

function monthStart(day: string, months = 0): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** 00:00 of a shop day as a UTC ISO string. */
export function midnight(day: string, zone: string): string {
  return new Date(wallTimeToMoment(`${day}T00:00`, zone)!).toISOString();
}

function weekday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

function nextBoundary(day: string, bucket: InsightBucket): string {
  if (bucket === 'day') return addDays(day, 1);
  if (bucket === 'week') return addDays(day, 7 - weekday(day));
  return monthStart(day, 1);
}

function spans(first: string, last: string, zone: string, bucket: InsightBucket): Span[] {
  const result: Span[] = [];
  for (let day = first; day < last;) {
    const next = nextBoundary(day, bucket) < last ? nextBoundary(day, bucket) : last;
    result.push({ start: midnight(day, zone), end: midnight(next, zone), day });
    day = next;
  }
  return result;
}

/** The period's first shop day (inclusive) to its end (exclusive: the midnight after today, or the 1st of this month). */
export function periodRange(key: InsightPeriod, now: Date, zone: string): PeriodRange {
  const today = shopDay(now, zone);
  const length = LENGTHS[key];
  let first: string;
  let last: string;
  if (length !== undefined) {
    first = addDays(today, 1 - length);
    last = addDays(today, 1);
  } else if (key === 'this_month') {
    first = monthStart(today);
    last = addDays(today, 1);
  } else {
    first = monthStart(today, -1);
    last = monthStart(today);
  }
  const bucket: InsightBucket = length === 365 ? 'month' : length === 90 ? 'week' : 'day';
  return {
    key,
    from: midnight(first, zone),
    to: midnight(last, zone),
    bucket,
    buckets: spans(first, last, zone, bucket),
    days: spans(first, last, zone, 'day'),
  };
}
