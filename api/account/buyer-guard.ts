/**
 * The buyer session of /lisensi (docs/spec.md#buyer-account): its own cookie, never the admin's
 * `loop_session`; the token is kept hashed in the database, so every instance knows it and a
 * sign-out on one ends it on all. 30 days idle, refreshed as the buyer uses it.
 */
import { deleteBuyerSession, findBuyerSession, insertBuyerSession, touchBuyerSession } from '../../data/buyer-sessions';
import { hashToken, isToken, newToken, readCookie } from '../http/cookies';
import type { AppContext } from '../context';
import type { ApiRequest, BuyerIdentity } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { findSessionOf, sessionCookie, sessionGuard } from '../shared/session-cookie';
import type { SessionContext, SessionKind } from '../shared/session-cookie';
import { BUYER_IDLE_MS } from './buyer-services';

export const BUYER_COOKIE = 'loop_buyer';

const BUYER_SESSION: SessionKind<BuyerIdentity> = {
  cookie: BUYER_COOKIE,
  lookUp: async (ctx, tokenHash, now) => {
    const session = await findBuyerSession(ctx.db, tokenHash);
    if (!session) return undefined;
    const seen = Date.parse(session.last_seen_at);
    if (seen + BUYER_IDLE_MS <= now) return undefined;
    return { identity: { email: session.email, tokenHash }, lastSeenMs: seen };
  },
  touch: (db, tokenHash, now) => touchBuyerSession(db, tokenHash, now.toISOString()),
};

/** SameSite=Lax: the page is opened from a link in an e-mail, and must then see the session. */
export function buyerCookie(req: ApiRequest, value: string, maxAgeSeconds: number): string {
  return sessionCookie(req, { name: BUYER_COOKIE, value, maxAgeSeconds, sameSite: 'Lax' });
}

/** The buyer session the request's `loop_buyer` cookie names, if it has not been idle 30 days. */
export function findBuyer(ctx: SessionContext, req: ApiRequest): Promise<BuyerIdentity | undefined> {
  return findSessionOf(BUYER_SESSION, ctx, req);
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
export const buyerOnly = sessionGuard(BUYER_SESSION, (req, buyer) => {
  req.buyer = buyer;
});

/** The signed-in buyer of a guarded call. */
export function buyerOf(req: ApiRequest): BuyerIdentity {
  if (!req.buyer) throw new HttpError(401, 'Unauthorized');
  return req.buyer;
}
