/**
 * Time spans the server and the browser share: minute, hour and day in milliseconds, a Retry-After,
 * when an expiry has passed and the days left before it, and the days an extend or shorten moves an
 * expiry by.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Whole seconds from `now` until `until` (both ms), at least 1: a Retry-After never says "retry at once". */
export function retryAfterSeconds(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** At the expiry instant (ms) it has passed; an unreadable expiry (NaN) counts as passed. */
export function hasPassed(expiry: number, now: number): boolean {
  return Number.isNaN(expiry) || expiry <= now;
}

/** How every writer stores an expiry (toISOString): such texts compare in time order, as SQL compares them. */
export const STORED_EXPIRY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The same for a stored expiry; one not in the stored form is unreadable and counts as passed
 * (data/licenses/status.ts spells this in SQL).
 */
export function isExpiryPassed(expiredDate: string, now: Date): boolean {
  return !STORED_EXPIRY.test(expiredDate) || hasPassed(Date.parse(expiredDate), now.getTime());
}

/** Whole days left until `expiry` (ms, NaN when unreadable), a started day counting as one; 0 once it has passed. */
export function daysRemaining(expiry: number, now: number): number {
  return hasPassed(expiry, now) ? 0 : Math.ceil((expiry - now) / DAY_MS);
}

/** 100 years: more is a typo, and it keeps every expiry inside the 4-digit years ISO strings sort by. */
export const MAX_DAYS = 36_500;
export const INVALID_DAYS = 'Please enter a valid number of days';
/** Days typed as text: digits only, spaces around them allowed. */
export const DAYS_TEXT_PATTERN = '^\\s*\\d{1,6}\\s*$';

// Pure: a page island that reads only a constant of this file then gets none of its code (build.ts).
const DAYS_TEXT = /* @__PURE__ */ new RegExp(DAYS_TEXT_PATTERN);

/** A whole number of days from 1 to MAX_DAYS, as a number or a string of digits (spaces around it allowed); else undefined. */
export function readDays(value: unknown): number | undefined {
  const days =
    typeof value === 'number' ? value : typeof value === 'string' && DAYS_TEXT.test(value) ? Number(value) : NaN;
  return Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? days : undefined;
}

/** A free trial's length in days as the owner sets it (Storefront tab), and what it is until set. */
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 30;
export const TRIAL_DAYS_DEFAULT = 3;
