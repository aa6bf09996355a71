/**
 * The buyer session of /lisensi (docs/spec.md#buyer-account): its own cookie, never the admin's
 * `loop_session`; the token is kept hashed in the database, so every instance knows it and a
 * sign-out on one ends it on all. 30 days idle, refreshed as the buyer uses it.
 */
import { deleteBuyerSession, findBuyerSession, insertBuyerSession, touchBuyerSession } from '../../data/buyer-sessions';
import { hashToken, isToken, newToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import type { AppContext } from '../context';
import type { ApiRequest, BuyerIdentity, Handler } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { BUYER_IDLE_MS } from './buyer-services';

export const BUYER_COOKIE = 'loop_buyer';
/** The last-seen time is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** SameSite=Lax: the page is opened from a link in an e-mail, and must then see the session. */
export function buyerCookie(req: ApiRequest, value: string, maxAgeSeconds: number): string {
  const secure = req.secure ? '; Secure' : '';
  return `${BUYER_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAgeSeconds}${secure}`;
}

/** The buyer session the request's `loop_buyer` cookie names, if it has not been idle 30 days. */
export async function findBuyer(ctx: AppContext, req: ApiRequest): Promise<BuyerIdentity | undefined> {
  const token = readCookie(req, BUYER_COOKIE);
  if (!token || !isToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await findBuyerSession(ctx.db, tokenHash);
  const now = ctx.now().getTime();
  if (!session) return undefined;
  const seen = Date.parse(session.last_seen_at);
  if (seen + BUYER_IDLE_MS <= now) return undefined;
  if (now - seen > TOUCH_EVERY_MS && ctx.db.writable) {
    await touchBuyerSession(ctx.db, tokenHash, ctx.now().toISOString()).catch(() => undefined);
  }
  return { email: session.email, tokenHash };
}

/** Starts a session for the address; the answer sets the cookie (a planted cookie is replaced, never adopted). */
export async function startBuyerSession(ctx: AppContext, req: ApiRequest, email: string): Promise<string> {
  const previous = readCookie(req, BUYER_COOKIE);
  if (previous && isToken(previous)) await deleteBuyerSession(ctx.db, hashToken(previous));
  const token = newToken();
  const at = ctx.now().toISOString();
  await insertBuyerSession(ctx.db, { token_hash: hashToken(token), email, created_at: at, last_seen_at: at });
  return buyerCookie(req, token, BUYER_IDLE_MS / 1000);
}

/** The guard of every `buyer` call: 401 without a buyer session (an admin session is not one), 403 for a cross-site change. */
export function buyerOnly(handler: Handler): Handler {
  return async (req, ctx) => {
    const buyer = await findBuyer(ctx, req);
    if (!buyer) throw new HttpError(401, 'Unauthorized');
    if (req.method !== 'GET' && req.method !== 'HEAD') rejectCrossSite(req);
    req.buyer = buyer;
    return handler(req, ctx);
  };
}

/** The signed-in buyer of a guarded call. */
export function buyerOf(req: ApiRequest): BuyerIdentity {
  if (!req.buyer) throw new HttpError(401, 'Unauthorized');
  return req.buyer;
}
