/**
 * The admin session as the rest of the server sees it: the cookie, the session it names, and the
 * guard of every admin call.
 */
import { findSession, touchSession } from '../../data/sessions';
import type { AppContext } from '../context';
import type { AdminIdentity, ApiRequest, Handler } from '../http/api-request';
import { hashToken, isToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';
import { HOUR_MS } from '../../contract/rules/durations';

export const SESSION_COOKIE = 'loop_session';
/** The last-seen time is written at most this often: a session read on every call must not write on every call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * The admin session the request's cookie names, if it is still valid (not past its absolute
 * expiry, not idle too long). Sessions live in the database, so every instance sees the same ones.
 */
export async function findAdminSession(ctx: AppContext, req: ApiRequest): Promise<AdminIdentity | undefined> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token || !isToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await findSession(ctx.db, tokenHash);
  const now = ctx.now().getTime();
  const idleMs = ctx.config.sessionIdleHours * HOUR_MS;
  if (!session || session.expires_at <= now || session.last_seen_at + idleMs <= now) return undefined;
  if (now - session.last_seen_at > TOUCH_EVERY_MS && ctx.db.writable) {
    await touchSession(ctx.db, tokenHash, now).catch(() => undefined);
  }
  return { adminId: session.admin_id, tokenHash };
}

/** The guard the route table puts on every admin call: 401 without a session, 403 for a cross-site change. */
export function adminOnly(handler: Handler): Handler {
  return async (req, ctx) => {
    const session = await findAdminSession(ctx, req);
    if (!session) throw new HttpError(401, 'Unauthorized');
    if (req.method !== 'GET' && req.method !== 'HEAD') rejectCrossSite(req);
    req.admin = session;
    return handler(req, ctx);
  };
}
