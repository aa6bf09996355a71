/**
 * The admin session as the rest of the server sees it: the cookie, the session it names, the
 * guard of every admin call, and the cross-site check of admin changes.
 */
import { createHash } from 'node:crypto';
import { findSession, touchSession } from '../../data/sessions';
import type { AppContext } from '../context';
import type { AdminIdentity, ApiRequest, Handler } from '../http/api-request';
import { HttpError } from '../http/http-error';

export const SESSION_COOKIE = 'loop_session';
/** The last-seen time is written at most this often: a session read on every call must not write on every call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function readCookie(req: ApiRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * The admin session the request's cookie names, if it is still valid (not past its absolute
 * expiry, not idle too long). Sessions live in the database, so every instance sees the same ones.
 */
export async function findAdminSession(ctx: AppContext, req: ApiRequest): Promise<AdminIdentity | undefined> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await findSession(ctx.db, tokenHash);
  const now = ctx.now().getTime();
  const idleMs = ctx.config.sessionIdleHours * 3600 * 1000;
  if (!session || session.expires_at <= now || session.last_seen_at + idleMs <= now) return undefined;
  if (now - session.last_seen_at > TOUCH_EVERY_MS && ctx.db.writable) {
    await touchSession(ctx.db, tokenHash, now).catch(() => undefined);
  }
  return { adminId: session.admin_id, tokenHash };
}

/**
 * Whether a change comes from another site: Sec-Fetch-Site says so, or an Origin that is not this
 * host (an opaque `null` origin included). Mutating admin calls must come from our own pages.
 */
export function isCrossSite(req: ApiRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const expected = req.config.trustProxy
    ? String(req.headers['x-forwarded-host'] ?? req.headers.host)
    : req.headers.host;
  return host !== expected;
}

/** Refuses a cross-site change (SameSite cookies plus this check). */
export function rejectCrossSite(req: ApiRequest): void {
  if (isCrossSite(req)) throw new HttpError(403, 'Cross-site request refused');
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
