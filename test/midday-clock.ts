/** A running clock moved to midday in the shop's zone, for tests that count "today" across several requests. */
import { shopDay, wallTimeToMoment } from '../contract/rules/shop-time';

/**
 * Now, shifted (by at most 12 hours) to about noon of the current day in `zone`, and running on: a
 * test that compares the day of its writes with the day it computes afterwards never straddles
 * midnight there (17:00 UTC for Asia/Jakarta).
 */
export function middayClock(zone = 'Asia/Jakarta'): () => Date {
  const now = Date.now();
  const shift = wallTimeToMoment(`${shopDay(new Date(now), zone)}T12:00`, zone)! - now;
  return () => new Date(Date.now() + shift);
}
