/**
 * The owner's session as every room sees it: its cookie and the lookup (the admin guard, the
 * session check, the licence API's owner tools). Sessions live in the database, so every instance
 * sees the same ones; one is valid until its absolute expiry and while it is not idle too long.
 */
import { HOUR_MS } from '../../contract/rules/durations';
import { findSession, touchSession } from '../../data/sessions';
import type { AdminIdentity, ApiRequest } from '../http/api-request';
import { findSessionOf } from './session-cookie';
import type { SessionContext, SessionKind } from './session-cookie';

export const SESSION_COOKIE = 'loop_session';

export const ADMIN_SESSION: SessionKind<AdminIdentity> = {
  cookie: SESSION_COOKIE,
  lookUp: async (ctx, tokenHash, now) => {
    const session = await findSession(ctx.db, tokenHash);
    const idleMs = ctx.config.sessionIdleHours * HOUR_MS;
    if (!session || session.expires_at <= now || session.last_seen_at + idleMs <= now) return undefined;
    return { identity: { adminId: session.admin_id, tokenHash }, lastSeenMs: session.last_seen_at };
  },
  touch: (db, tokenHash, now) => touchSession(db, tokenHash, now.getTime()),
};

/** The admin session the request's cookie names, if it is still valid. */
export function findAdminSession(ctx: SessionContext, req: ApiRequest): Promise<AdminIdentity | undefined> {
  return findSessionOf(ADMIN_SESSION, ctx, req);
}
