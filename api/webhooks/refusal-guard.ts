/**
 * Refused webhook deliveries (bad signature, re-split, malformed body), per client address. A
 * client past REFUSALS_PER_MINUTE refusals in a minute is answered 429 until its minute ends, on
 * every instance (the limit lives where the store's limits live). The log gets one line a minute
 * with the counts by status and by address, not a warning per delivery: one client sending
 * hundreds a second would otherwise write gigabytes a day. Lynk.id's own deliveries are signed,
 * so they are never refused and never limited.
 */
import type { CoreContext } from '../core-context';
import type { Limiter } from '../shared/limiter';
import type { Awaitable } from '../shared/limiter';
import { MINUTE_MS } from '../../contract/rules/durations';

export const REFUSALS_PER_MINUTE = 30;
/** Addresses named in one summary line; the rest are summed. */
const NAMED_ADDRESSES = 5;
/** Addresses counted apart within a minute; more (a botnet) are counted together, memory stays bounded. */
const TRACKED_ADDRESSES = 1000;
const OTHERS = 'others';

/** An address fit for a log line, whatever a proxy header carried. */
const loggableAddress = (ip: string): string => ip.slice(0, 64).replace(/[^\x21-\x7e]/g, '?');

export class RefusalGuard {
  private readonly limiter: Limiter;
  private readonly byStatus = new Map<number, number>();
  private readonly byAddress = new Map<string, number>();
  private minuteStart: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: CoreContext) {
    this.limiter = ctx.limiters('lynk-refusals', REFUSALS_PER_MINUTE, MINUTE_MS);
  }

  /** Seconds the address must wait before it is heard again; 0 when it may send. */
  blockedFor(ip: string): Awaitable<number> {
    return this.limiter.blockedFor(ip);
  }

  /** A delivery refused with `status`; 429s are counted for the log only, not against the limit again. */
  async refused(ip: string, status: number): Promise<void> {
    this.count(ip, status);
    if (status !== 429) await this.limiter.hit(ip);
  }

  /** Writes what the current minute refused, if anything, and starts a new minute. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.minuteStart = undefined;
    const total = [...this.byStatus.values()].reduce((sum, n) => sum + n, 0);
    if (total === 0) return;
    const statuses = [...this.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`);
    const addresses = [...this.byAddress].sort(([, a], [, b]) => b - a);
    const named = addresses.slice(0, NAMED_ADDRESSES).map(([ip, n]) => `${ip} ×${n}`);
    const rest = addresses.slice(NAMED_ADDRESSES).reduce((sum, [, n]) => sum + n, 0);
    this.ctx.log.warn(
      `lynk webhook: ${total} ${total === 1 ? 'delivery' : 'deliveries'} refused in the last minute (${statuses.join(', ')}) ` +
        `from ${addresses.length} ${addresses.length === 1 ? 'address' : 'addresses'}: ${named.join(', ')}${rest ? `, other addresses ×${rest}` : ''}`,
    );
    this.byStatus.clear();
    this.byAddress.clear();
  }

  private count(ip: string, status: number): void {
    const now = this.ctx.now().getTime();
    if (this.minuteStart !== undefined && now - this.minuteStart >= MINUTE_MS) this.flush();
    if (this.minuteStart === undefined) {
      this.minuteStart = now;
      // A minute with no refusal after it is still written, a minute later.
      this.timer = setTimeout(() => this.flush(), MINUTE_MS);
      this.timer.unref();
    }
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const named = loggableAddress(ip);
    const address = this.byAddress.has(named) || this.byAddress.size < TRACKED_ADDRESSES ? named : OTHERS;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
  }
}

const guards = new WeakMap<CoreContext, RefusalGuard>();

/** The app's guard, made on the first delivery; what it counted is written when the app closes. */
export function refusalGuard(ctx: CoreContext): RefusalGuard {
  let guard = guards.get(ctx);
  if (!guard) {
    const made = new RefusalGuard(ctx);
    ctx.onClose(() => made.flush());
    guards.set(ctx, (guard = made));
  }
  return guard;
}
