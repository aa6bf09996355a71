/** Plain time spans, the same for the server and the browser. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Whole seconds from `now` until `until` (both ms), at least 1: a Retry-After never says "retry at once". */
export function retryAfterSeconds(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}
