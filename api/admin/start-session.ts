/**
 * A full admin session begins here, whichever way the owner proved who they are (password alone,
 * password and code or recovery code, passkey): a fresh token in an HttpOnly cookie, its hash in the database with
 * the device and IP for the sessions list.
 */
import { deleteSession, insertSession } from '../../data/sessions';
import type { AppContext } from '../context';
import type { ApiRequest } from '../http/api-request';
import { hashToken, newPublicId, newToken, readCookie } from '../http/cookies';
import { SESSION_COOKIE } from '../shared/admin-session';
import { sessionCookie } from '../shared/session-cookie';
import { recordSignInIn } from './sign-in-log';
import type { SignIn } from './sign-in-log';
import { DAY_MS } from '../../contract/rules/durations';

export function cookieHeader(req: ApiRequest, name: string, value: string, maxAgeSeconds: number, path = '/'): string {
  return sessionCookie(req, { name, value, maxAgeSeconds, sameSite: 'Strict', path });
}

/** Starts a session for the admin, with its sign-in in the activity log; returns the Set-Cookie header value. */
export async function startSession(req: ApiRequest, ctx: AppContext, adminId: number, signIn: SignIn): Promise<string> {
  const previous = readCookie(req, SESSION_COOKIE);
  const token = newToken();
  const publicId = newPublicId();
  const at = ctx.now();
  const now = at.getTime();
  const maxMs = ctx.config.sessionMaxDays * DAY_MS;
  await ctx.db.transaction(async (tx) => {
    // Always a fresh token: a cookie planted before login never becomes a session.
    if (previous) await deleteSession(tx, hashToken(previous));
    await insertSession(tx, {
      token_hash: hashToken(token),
      admin_id: adminId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + maxMs,
      public_id: publicId,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      ip: req.ip,
    });
    await recordSignInIn(tx, req, at.toISOString(), adminId, { ...signIn, publicId });
  });
  return cookieHeader(req, SESSION_COOKIE, token, Math.floor(maxMs / 1000));
}
