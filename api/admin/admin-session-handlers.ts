/** `GET /api/admin/check`, `POST /api/admin/login`, `POST /api/admin/logout`. */
import * as calls from '../../contract/calls/admin-session';
import { findAdminByUsername } from '../../data/admins';
import { findSecondFactor } from '../../data/second-factor';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { hashToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';
import { findAdminSession, SESSION_COOKIE } from '../shared/admin-session';
import { LOGIN_WINDOW_MINUTES, tooManyTries } from './admin-sessions';
import { beginSecondStep } from './login-code-handler';
import { verifyPassword } from './passwords';
import { endSessionLogged } from './session-end';
import { recordFailedSignIn, refuseLockedAddress } from './sign-in-log';
import { cookieHeader, startSession } from './start-session';
import { clientNetwork } from '../http/client-ip';

/**
 * 'Invalid username or password', and from the 3rd failure on (or when at most 2 tries remain)
 * how many tries are left before sign-in is locked, so the right password is not refused unannounced.
 * The lock lasts the rest of the failed-login window: at most the whole window.
 */
export function failedLoginText(failures: number, limit: number): string {
  const left = limit - failures;
  if (left <= 0)
    return `Invalid username or password. No tries left: sign-in is locked for up to ${LOGIN_WINDOW_MINUTES} minutes.`;
  if (failures < 3 && left > 2) return 'Invalid username or password';
  return `Invalid username or password. ${left} ${left === 1 ? 'try' : 'tries'} left before sign-in is locked for up to ${LOGIN_WINDOW_MINUTES} minutes.`;
}

export async function check(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.checkSession>> {
  return { success: true, logged_in: (await findAdminSession(ctx, req)) !== undefined };
}

export async function login(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.login>> {
  const body = await checkedBody(req, calls.login);
  rejectCrossSite(req);
  const { failures, passwordGuesses, queue, dummyHash } = ctx.adminSessions;
  // One attempt at a time per IP: parallel guesses cannot all pass the limit while their (slow)
  // password checks run, and parallel good logins are never counted as failures.
  const admin = await queue.run(clientNetwork(req.ip), async () => {
    await refuseLockedAddress(req, ctx, body.username, 'Too many failed logins');
    const account = body.username.slice(0, 200);
    // Counted per typed name, known or not, so a lock tells nothing about which names exist.
    const { wait } = await passwordGuesses.attempt(account);
    if (wait > 0) {
      await recordFailedSignIn(req, ctx, body.username, 'too many failed sign-ins for this account');
      throw tooManyTries('Too many failed logins', wait);
    }
    const found = await findAdminByUsername(ctx.db, account);
    const valid = await verifyPassword(body.password.slice(0, 1000), found?.password_hash ?? (await dummyHash));
    if (!found || !valid) {
      await failures.hit(clientNetwork(req.ip));
      await recordFailedSignIn(req, ctx, body.username, found ? 'wrong password' : 'unknown username');
      throw new HttpError(401, failedLoginText(await failures.count(clientNetwork(req.ip)), failures.limit));
    }
    // With a second factor the password alone opens nothing: the failure count stays (a known
    // password must not buy fresh code guesses) until the code step succeeds.
    const needsCode = Boolean((await findSecondFactor(ctx.db, found.id))?.totp_secret);
    if (!needsCode) {
      await failures.reset(clientNetwork(req.ip));
      await passwordGuesses.succeeded(account);
    }
    return { ...found, needsCode };
  });
  if (admin.needsCode) {
    return reply(
      200,
      { success: true as const, second_factor: 'required' as const },
      { 'Set-Cookie': await beginSecondStep(req, ctx, admin.id) },
    );
  }
  return reply(
    200,
    { success: true as const },
    { 'Set-Cookie': await startSession(req, ctx, admin.id, { method: 'password' }) },
  );
}

export async function logout(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.logout>> {
  rejectCrossSite(req);
  const token = readCookie(req, SESSION_COOKIE);
  if (token) await endSessionLogged(req, ctx, hashToken(token));
  return reply(200, { success: true as const }, { 'Set-Cookie': cookieHeader(req, SESSION_COOKIE, '', 0) });
}
