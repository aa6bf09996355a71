/**
 * Guesses against one admin account, whatever addresses they come from (docs/spec.md#second-factor):
 * at most `limit` checked per window. An attempt is counted before it is checked, in one atomic
 * hit (a row of the shared store on PostgreSQL), so parallel guesses on any number of instances
 * cannot slip past the limit between a check and a count. Filling a window locks the account for
 * a window, twice as long each time it happens again within a day (15 min, 30, 1 h, 2 h, 4 h).
 */
import type { Limiter, LimiterFactory, LimitKey } from '../shared/limiter';
import { DAY_MS } from '../../contract/rules/durations';

const LOCK_STEPS = 5;

export type Attempt = {
  /** Seconds to wait: the attempt is refused and must not be checked; 0 to check it. */
  wait: number;
  /** Set on the attempt that filled the window: the lockouts in the last day, this one included. */
  lockouts?: number;
};

export class AccountBackoff {
  private readonly attempts: Limiter;
  /** One lockout per filled window, however many parallel attempts find it full. */
  private readonly lockOnce: Limiter;
  private readonly lockouts: Limiter;
  private readonly locks: Limiter[];

  constructor(limiters: LimiterFactory, name: string, limit: number, windowMs: number) {
    this.attempts = limiters(name, limit, windowMs);
    // Shorter than any lock: a lockout's stragglers find it taken, the next window's filling does not.
    this.lockOnce = limiters(`${name}-lock-once`, 1, windowMs / 2);
    this.lockouts = limiters(`${name}-lockouts`, Number.MAX_SAFE_INTEGER, DAY_MS);
    this.locks = Array.from({ length: LOCK_STEPS }, (_, step) =>
      limiters(`${name}-lock-${step + 1}`, 1, windowMs * 2 ** step),
    );
  }

  get limit(): number {
    return this.attempts.limit;
  }

  /** Seconds the account is locked for (0 when it is not), without counting an attempt. */
  async lockedFor(key: LimitKey): Promise<number> {
    let wait = 0;
    for (const lock of this.locks) wait = Math.max(wait, await lock.blockedFor(key));
    return wait;
  }

  /** Lockouts in the last day: more than 0 while guessing goes on. */
  async recentLockouts(key: LimitKey): Promise<number> {
    return this.lockouts.count(key);
  }

  /** Counts one attempt before it is checked. */
  async attempt(key: LimitKey): Promise<Attempt> {
    const locked = await this.lockedFor(key);
    if (locked > 0) return { wait: locked };
    const over = await this.attempts.hit(key);
    if (over === 0) return { wait: 0 };
    if ((await this.lockOnce.hit(key)) > 0) return { wait: over };
    await this.lockouts.hit(key);
    const lockouts = await this.lockouts.count(key);
    const lock = this.locks[Math.min(lockouts, LOCK_STEPS) - 1]!;
    // The window's count is kept: a lock outlasts it, and a reset here would let an attempt that
    // looked before the lock was set be checked.
    await lock.hit(key);
    return { wait: await this.lockedFor(key), lockouts };
  }

  /** After a right answer: the window's count starts again (lockouts are kept for the day). */
  async succeeded(key: LimitKey): Promise<void> {
    await this.attempts.reset(key);
  }
}
