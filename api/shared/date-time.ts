import { INVALID_DAYS, readDays } from '../../contract/rules/durations';
import { HttpError } from '../http/http-error';
import { DAY_MS } from '../../contract/rules/durations';

const MIN_YEAR = 2000;
const MAX_YEAR = 9999;

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads a date-time as an ISO 8601 UTC string (toISOString format, so stored values sort in time
 * order). Accepts a full ISO time with offset, a `datetime-local` value (`2026-12-31T10:00`,
 * read as UTC) or a date alone (midnight UTC). Impossible dates (31 February) are refused. The
 * admin's forms send the shop's offset (`2026-12-31T10:00:00+07:00`); dates shown to people are
 * formatted by contract/shop-time.ts.
 */
export function parseDateTime(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw new HttpError(400, `${field} is required`);
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a date-time string`);
  const match = DATE_TIME.exec(value.trim());
  const invalid = new HttpError(400, `${field} must be a valid date-time, e.g. 2026-12-31T10:00`);
  if (!match) throw invalid;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) throw invalid;
  const local = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  if (new Date(local).getUTCDate() !== d) throw invalid;
  const time = local - offsetMinutes(zone) * 60_000;
  if (!Number.isFinite(time)) throw invalid;
  const utcYear = new Date(time).getUTCFullYear();
  if (utcYear < MIN_YEAR || utcYear > MAX_YEAR) throw invalid;
  return new Date(time).toISOString();
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return Number.NaN;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** A whole number of days from 1 to MAX_DAYS (readDays), else 400. */
export function parseDays(value: unknown): number {
  const days = readDays(value);
  if (days === undefined) throw new HttpError(400, INVALID_DAYS);
  return days;
}

/** `iso` moved by `days` (negative to go back), as an ISO string; 400 when it leaves the supported years. */
export function addDays(iso: string, days: number): string {
  const time = new Date(iso).getTime() + days * DAY_MS;
  const year = Number.isFinite(time) ? new Date(time).getUTCFullYear() : NaN;
  if (!(year >= MIN_YEAR && year <= MAX_YEAR)) {
    throw new HttpError(400, `The new expiry would be outside the years ${MIN_YEAR}-${MAX_YEAR}`);
  }
  return new Date(time).toISOString();
}
