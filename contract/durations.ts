/** Plain time spans and whole-day counts, the same for the server and the browser. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Whole days left until `expiry` (ms, NaN when unreadable), a started day counting as one; 0 once it has passed. */
export function daysRemaining(expiry: number, now: number): number {
  const left = expiry - now;
  return Number.isNaN(left) || left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** Whole seconds from `now` until `until` (both ms), at least 1: a Retry-After never says "retry at once". */
export function retryAfterSeconds(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}
