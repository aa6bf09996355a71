/**
 * When an expiry has passed, and the days left before it: the same for licences and LoopStream
 * records, on the server (licence API, /lisensi) and in the admin.
 */
import { DAY_MS } from './durations';

/** At the expiry instant (ms) it has passed; an unreadable expiry (NaN) counts as passed. */
export function hasPassed(expiry: number, now: number): boolean {
  return Number.isNaN(expiry) || expiry <= now;
}

/** The same for an ISO expiry. */
export function isExpiryPassed(expiredDate: string, now: Date): boolean {
  return hasPassed(Date.parse(expiredDate), now.getTime());
}

/** Whole days left until `expiry` (ms, NaN when unreadable), a started day counting as one; 0 once it has passed. */
export function daysRemaining(expiry: number, now: number): number {
  return hasPassed(expiry, now) ? 0 : Math.ceil((expiry - now) / DAY_MS);
}
