/**
 * Fixed-window counters in memory, one per key (an IP, a licence...). Enough for one process on
 * one VPS; windows are pruned as they expire so memory stays bounded by active keys.
 */
import { retryAfterSeconds } from '../../contract/rules/durations';

const SWEEP_FROM = 100_000;

export class RateLimiter<Key extends string | number = string> {
  /** In expiry order: a window is (re)inserted when it starts, and every window is as long. */
  private readonly windows = new Map<Key, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the seconds to wait when the limit is exceeded, else 0. */
  hit(key: Key): number {
    const now = this.now();
    this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > this.limit ? retryAfterSeconds(window.resetAt, now) : 0;
  }

  /** Seconds to wait if the key is already over its limit, without counting a hit. */
  blockedFor(key: Key): number {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now || window.count < this.limit) return 0;
    return retryAfterSeconds(window.resetAt, now);
  }

  /** Hits counted in the key's current window (0 when none or expired). */
  count(key: Key): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  reset(key: Key): void {
    this.windows.delete(key);
  }

  /**
   * Expired windows are at the front: each hit removes those, so the cost follows what expired,
   * never the map's size. Should the clock step back, a window at the front may outlive those
   * behind it: past SWEEP_FROM windows, a full sweep (at most once a minute) drops them anyway.
   */
  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now) break;
      this.windows.delete(key);
    }
    if (this.windows.size >= SWEEP_FROM && Math.abs(now - this.lastSweep) >= 60_000) {
      this.lastSweep = now;
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}
