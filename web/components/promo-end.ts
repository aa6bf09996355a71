import { DAY_MS } from '../../contract/rules/durations';

export const PROMO_END_KEY = 'promoEndTime';
export const PROMO_DURATION_MS = DAY_MS;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The promo end time kept in local storage. A missing, unreadable or passed end time is replaced by
 * one 24 hours ahead, so the countdown restarts at 86400 seconds.
 */
export function readPromoEnd(storage: KeyValueStore | undefined, now: number): number {
  let stored = Number.NaN;
  try {
    stored = Number(storage?.getItem(PROMO_END_KEY) ?? Number.NaN);
  } catch {
    // Storage can be blocked (private mode, disabled cookies): fall through to a fresh end time.
  }
  if (Number.isFinite(stored) && stored > now) return stored;
  const end = now + PROMO_DURATION_MS;
  try {
    storage?.setItem(PROMO_END_KEY, String(end));
  } catch {
    // Without storage the countdown still works for this visit.
  }
  return end;
}

/** Remaining whole seconds split into hours, minutes, seconds. */
export function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const clamped = Math.max(0, Math.floor(total));
  return { hours: Math.floor(clamped / 3600), minutes: Math.floor((clamped % 3600) / 60), seconds: clamped % 60 };
}
