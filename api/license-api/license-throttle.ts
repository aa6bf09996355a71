import { hash, randomBytes } from 'node:crypto';
import type { Awaitable, Limiter, LimiterFactory, LimitKey } from '../shared/limiter';
import { limiterFactory } from '../shared/limiter';
import type { ServerConfig } from '../config';
import type { LicenseCall } from '../shared/license-calls';
import { HOUR_MS, MINUTE_MS } from '../../contract/rules/durations';

const UNKNOWN_KEY_WINDOW_MS = 15 * MINUTE_MS;
/** How long an IP that tried too many unknown keys is refused; the log line names it in minutes. */
export const UNKNOWN_KEY_BLOCK_MINUTES = 15;
const UNKNOWN_KEY_BLOCK_MS = UNKNOWN_KEY_BLOCK_MINUTES * MINUTE_MS;
const NOT_LIMITED = Object.freeze({ wait: 0, first: false });

/**
 * A key's counter in memory: 48 bits of a keyed hash of its hash, as a number: ~60 bytes per
 * licence validating within the hour instead of ~150 with the hex text. Keyed with a secret of
 * this process, so nobody can make a key whose counter is another licence's (its hash is public in
 * every signed answer); two keys sharing one by chance would take ~2^24 active keys.
 */
const BUCKET_SECRET = randomBytes(32).toString('hex');
function keyBucket(keySha256: string): number {
  // SHA-256 of secret + hash: a keyed hash of fixed-length input, a third of an HMAC's cost.
  return Number.parseInt(hash('sha256', BUCKET_SECRET + keySha256).slice(0, 12), 16);
}

/**
 * The licence API's limits: per IP per minute, per key per hour and call, and a 15-minute block
 * for an IP that tries too many unknown keys (guessing keys). In memory by default; with
 * `shared` limiters (several instances on one database) every instance counts the same hits, and
 * keys are counted by their whole hash, as instances share no secret.
 */
export class LicenseThrottle {
  private readonly perIp: Limiter;
  private readonly perKey: Record<LicenseCall, Limiter>;
  private readonly unknownKeys: Limiter;
  private readonly blocked: Limiter;
  private readonly keyOf: (keySha256: string) => LimitKey;

  constructor(
    limits: ServerConfig['license'],
    now: () => number = Date.now,
    options: { limiters?: LimiterFactory; shared?: boolean } = {},
  ) {
    const limiters = options.limiters ?? limiterFactory(undefined, now);
    this.perIp = limiters('licence-ip', limits.ratePerIpPerMin, MINUTE_MS);
    this.perKey = {
      activate: limiters('licence-activate', limits.activatePerHour, HOUR_MS),
      validate: limiters('licence-validate', limits.validatePerHour, HOUR_MS),
      deactivate: limiters('licence-deactivate', limits.deactivatePerHour, HOUR_MS),
    };
    this.unknownKeys = limiters('licence-unknown-keys', limits.unknownKeyLimit, UNKNOWN_KEY_WINDOW_MS);
    // One hit blocks until its window ends.
    this.blocked = limiters('licence-blocked-ip', 1, UNKNOWN_KEY_BLOCK_MS);
    this.keyOf = options.shared ? (keySha256) => keySha256 : keyBucket;
  }

  /**
   * Counts one call from `ip`; the seconds it must wait (blocked or over its per-minute limit),
   * else 0. In memory the answer comes without a promise: this runs on every licence call.
   */
  hitIp(ip: string): Awaitable<number> {
    const blocked = this.blocked.blockedFor(ip);
    if (typeof blocked === 'number') return blocked > 0 ? blocked : this.perIp.hit(ip);
    return blocked.then((wait) => (wait > 0 ? wait : this.perIp.hit(ip)));
  }

  /** Counts one call on a key; `first` is true for the first refusal of a window (audited once, not per request). */
  hitKey(call: LicenseCall, keySha256: string): Awaitable<{ wait: number; first: boolean }> {
    const limiter = this.perKey[call];
    const key = this.keyOf(keySha256);
    const hit = limiter.hit(key);
    if (hit === 0) return NOT_LIMITED;
    return (async () => {
      const wait = await hit;
      return { wait, first: wait > 0 && (await limiter.count(key)) === limiter.limit + 1 };
    })();
  }

  /** Records an unknown key from `ip`; returns true when this one made the IP blocked. */
  async unknownKey(ip: string): Promise<boolean> {
    await this.unknownKeys.hit(ip);
    if ((await this.unknownKeys.count(ip)) < this.unknownKeys.limit) return false;
    await this.unknownKeys.reset(ip);
    await this.blocked.reset(ip);
    await this.blocked.hit(ip);
    return true;
  }

  async blockedFor(ip: string): Promise<number> {
    return this.blocked.blockedFor(ip);
  }
}
