/**
 * What the buyer's sign-in keeps between requests: its limits (counted across instances when the
 * store is shared) and the hourly sweep of ended links and idle sessions.
 */
import { deleteIdleBuyerSessions, deleteOldBuyerLinks } from '../../data/buyer-sessions';
import { answeredWorkSettled } from '../shared/after-answer';
import type { Limiter } from '../shared/limiter';
import type { CoreContext } from '../core-context';
import { HttpError } from '../http/http-error';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contract/rules/durations';

/** A buyer session ends after 30 days unused: the guard refuses it, the hourly sweep deletes it. */
export const BUYER_IDLE_MS = 30 * DAY_MS;

/** Link requests an hour from one IPv4 address (shared by a carrier's phones) and one IPv6 /64 (README: Buyer limits). */
export const LINKS_PER_IPV4_HOUR = 100;
export const LINKS_PER_IPV6_NETWORK_HOUR = 10;

export type BuyerServices = {
  /** Link e-mails per address (known or not, alike): 3 an hour. */
  linksPerEmail: Limiter;
  /**
   * Link requests per IPv4 address: 100 an hour. Carriers put many phones behind one address
   * (CGNAT), so this is sized for a busy evening of real buyers; each address still gets its 3.
   */
  linksPerIp: Limiter;
  /** Link requests per IPv6 /64 (one subscriber's network): 10 an hour. */
  linksPerNetwork: Limiter;
  /** Activity entries for e-mailed links per client: one a minute (a burst is one entry). */
  linkEntries: Limiter;
  /** Links e-mailed per client left out of the log since its last entry (the next entry counts them). */
  unloggedLinks: Limiter;
  /** Links opened per IP: 30 in 15 minutes (tokens cannot be guessed; this only bounds the work). */
  opensPerIp: Limiter;
  /** Licence e-mails sent again per licence: 3 a day. */
  resendsPerLicense: Limiter;
};

export function setupBuyers(ctx: CoreContext): BuyerServices {
  const sweep = setInterval(() => {
    void ctx.db
      .exclusive('buyer-sweep', async () => {
        const now = ctx.now().getTime();
        await deleteOldBuyerLinks(ctx.db, new Date(now - DAY_MS).toISOString());
        await deleteIdleBuyerSessions(ctx.db, new Date(now - BUYER_IDLE_MS).toISOString());
      })
      .catch(() => undefined);
  }, HOUR_MS);
  sweep.unref();
  ctx.onClose(() => clearInterval(sweep));
  // Links being sent after their answer are stored and queued before the store closes.
  ctx.onClose(answeredWorkSettled);
  return {
    linksPerEmail: ctx.limiters('buyer-link-email', 3, HOUR_MS),
    linksPerIp: ctx.limiters('buyer-link-ipv4', LINKS_PER_IPV4_HOUR, HOUR_MS),
    linksPerNetwork: ctx.limiters('buyer-link-ipv6', LINKS_PER_IPV6_NETWORK_HOUR, HOUR_MS),
    linkEntries: ctx.limiters('buyer-link-entries', 1, MINUTE_MS),
    unloggedLinks: ctx.limiters('buyer-links-unlogged', Number.MAX_SAFE_INTEGER, DAY_MS),
    opensPerIp: ctx.limiters('buyer-open-ip', 30, 15 * 60 * 1000),
    resendsPerLicense: ctx.limiters('buyer-resend', 3, DAY_MS),
  };
}

/** "3 menit", "2 jam": a wait in words a buyer reads. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} detik`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} menit`;
  return `${Math.ceil(minutes / 60)} jam`;
}

/** 429 with Retry-After and the wait in Indonesian. */
export function tooManyRequests(seconds: number, what = 'permintaan'): HttpError {
  return new HttpError(429, `Terlalu banyak ${what}. Coba lagi dalam ${waitInWords(seconds)}.`, {
    'Retry-After': String(seconds),
  });
}

/** Counts a hit; throws 429 when it went over. */
export async function spend(limiter: Limiter, key: string | number, what?: string): Promise<void> {
  const wait = await limiter.hit(key);
  if (wait > 0) throw tooManyRequests(wait, what);
}
