/**
 * Fixed-window limits per key (an IP, a licence...), the same rule in two places: in this
 * process's memory (one instance) or in the database, where every instance behind a proxy counts
 * the same hits (several instances on PostgreSQL).
 */
import { hitRateCounter, readRateCounter, resetRateCounter } from '../../data/rate-counters';
import type { Store } from '../../data/store';
import { RateLimiter } from './rate-limit';
import { retryAfterSeconds } from '../../contract/rules/durations';

/** An IP, or a number standing for a licence (see the licence throttle). */
export type LimitKey = string | number;

/** A value now (limits in memory) or later (in the database): the hot paths skip a tick for the first. */
export type Awaitable<T> = T | Promise<T>;

export interface Limiter {
  readonly limit: number;
  /** Counts one hit; the seconds to wait when it went over the limit, else 0. */
  hit(key: LimitKey): Awaitable<number>;
  /** Seconds to wait if the key is already at its limit, without counting a hit. */
  blockedFor(key: LimitKey): Awaitable<number>;
  /** Hits in the key's current window. */
  count(key: LimitKey): Awaitable<number>;
  reset(key: LimitKey): Awaitable<void>;
}

export type LimiterFactory = (name: string, limit: number, windowMs: number) => Limiter;

class MemoryLimiter implements Limiter {
  constructor(private readonly limiter: RateLimiter<LimitKey>) {}

  get limit(): number {
    return this.limiter.limit;
  }

  hit(key: LimitKey): number {
    return this.limiter.hit(key);
  }

  blockedFor(key: LimitKey): number {
    return this.limiter.blockedFor(key);
  }

  count(key: LimitKey): number {
    return this.limiter.count(key);
  }

  reset(key: LimitKey): void {
    this.limiter.reset(key);
  }
}

class SharedLimiter implements Limiter {
  constructor(
    private readonly db: Store,
    private readonly name: string,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  async hit(key: LimitKey): Promise<number> {
    const now = this.now();
    const window = await hitRateCounter(this.db, `${this.name}:${key}`, now, this.windowMs);
    return window.hits > this.limit ? retryAfterSeconds(window.window_start + this.windowMs, now) : 0;
  }

  async blockedFor(key: LimitKey): Promise<number> {
    const now = this.now();
    const window = await readRateCounter(this.db, `${this.name}:${key}`, now, this.windowMs);
    return window && window.hits >= this.limit ? retryAfterSeconds(window.window_start + this.windowMs, now) : 0;
  }

  async count(key: LimitKey): Promise<number> {
    return (await readRateCounter(this.db, `${this.name}:${key}`, this.now(), this.windowMs))?.hits ?? 0;
  }

  async reset(key: LimitKey): Promise<void> {
    await resetRateCounter(this.db, `${this.name}:${key}`);
  }
}

/** Limits in memory for an embedded store (or none); in the database for a store several instances share. */
export function limiterFactory(db: Store | undefined, now: () => number): LimiterFactory {
  if (db?.shared) return (name, limit, windowMs) => new SharedLimiter(db, name, limit, windowMs, now);
  return (_name, limit, windowMs) => new MemoryLimiter(new RateLimiter<LimitKey>(limit, windowMs, now));
}
