import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { LicenseCall } from './license-answer';
import { RateLimiter } from '../common/rate-limit';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const UNKNOWN_KEY_WINDOW_MS = 15 * MINUTE_MS;
const UNKNOWN_KEY_BLOCK_MS = 15 * MINUTE_MS;

/**
 * A key's counter: 48 bits of a keyed hash of its hash, as a number: ~60 bytes per licence
 * validating within the hour instead of ~150 with the hex text. Keyed with a secret of this
 * process, so nobody can make a key whose counter is another licence's (its hash is public in
 * every signed answer); two keys sharing one by chance would take ~2^24 active keys.
 */
const BUCKET_SECRET = randomBytes(32);
function keyBucket(keySha256: string): number {
  return createHmac('sha256', BUCKET_SECRET).update(keySha256).digest().readUIntBE(0, 6);
}

/**
 * The licence API's limits, in memory (one process): per IP per minute, per key per hour and
 * call, and a 15-minute block for an IP that tries too many unknown keys (guessing keys).
 */
export class LicenseThrottle {
  private readonly perIp: RateLimiter;
  private readonly perKey: Record<LicenseCall, RateLimiter<number>>;
  private readonly unknownKeys: RateLimiter;
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    limits: Config['license'],
    private readonly now: () => number = Date.now,
  ) {
    this.perIp = new RateLimiter(limits.ratePerIpPerMin, MINUTE_MS, now);
    this.perKey = {
      activate: new RateLimiter(limits.activatePerHour, HOUR_MS, now),
      validate: new RateLimiter(limits.validatePerHour, HOUR_MS, now),
      deactivate: new RateLimiter(limits.deactivatePerHour, HOUR_MS, now),
    };
    this.unknownKeys = new RateLimiter(limits.unknownKeyLimit, UNKNOWN_KEY_WINDOW_MS, now);
  }

  /** Counts one call from `ip`; the seconds it must wait (blocked or over its per-minute limit), else 0. */
  hitIp(ip: string): number {
    const blocked = this.blockedFor(ip);
    if (blocked > 0) return blocked;
    return this.perIp.hit(ip);
  }

  /** Counts one call on a key; `first` is true for the first refusal of a window (audited once, not per request). */
  hitKey(call: LicenseCall, keySha256: string): { wait: number; first: boolean } {
    const limiter = this.perKey[call];
    const bucket = keyBucket(keySha256);
    const wait = limiter.hit(bucket);
    return { wait, first: wait > 0 && limiter.count(bucket) === limiter.limit + 1 };
  }

  /** Records an unknown key from `ip`; returns true when this one made the IP blocked. */
  unknownKey(ip: string): boolean {
    this.unknownKeys.hit(ip);
    if (this.unknownKeys.count(ip) < this.unknownKeys.limit) return false;
    this.unknownKeys.reset(ip);
    this.prune();
    this.blockedUntil.set(ip, this.now() + UNKNOWN_KEY_BLOCK_MS);
    return true;
  }

  blockedFor(ip: string): number {
    const until = this.blockedUntil.get(ip);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.blockedUntil.delete(ip);
    return 0;
  }

  private prune(): void {
    if (this.blockedUntil.size < 10_000) return;
    const now = this.now();
    for (const [ip, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(ip);
  }
}
