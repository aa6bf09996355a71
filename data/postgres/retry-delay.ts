/**
 * How long a transaction that lost a serialization conflict waits before running again:
 * exponential in the attempt, capped, with "equal jitter" (half fixed, half random). Transactions
 * that collided then spread out instead of colliding again at once, and no wait grows past the cap.
 */
export const RETRY_BASE_MS = 4;
export const RETRY_CAP_MS = 250;

/** The wait before attempt `attempt + 1` (attempt counts from 1); `random` returns [0, 1). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
