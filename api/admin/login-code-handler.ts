/**
 * `POST /api/admin/login/code`: the sign-in's second step. The password step left a pending
 * login (its token in a 5-minute cookie, its hash in the database, so any instance can finish it);
 * a right code turns it into a session. Wrong codes count on the same failed-login limit as
 * wrong passwords, per IP, and every code on the account's backoff, so guesses spread over many
 * addresses and instances still stop. docs/spec.md#second-factor
 */
import * as calls from '../../contract/calls/admin-security';
import { adminUsername } from '../../data/activity/admin-name';
import { consumeChallenge, findChallenge, insertChallenge } from '../../data/auth-challenges';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { hashToken, isToken, newToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';
import { countUnusedRecoveryCodes } from '../../data/second-factor';
import { alertCodeGuessing } from './guessing-alert';
import { checkSecondFactorCode, codeAccepted, codeRefusal } from './second-factor-check';
import type { SignIn } from './sign-in-log';
import { cookieHeader, startSession } from './start-session';
import { recordFailedSignIn, refuseLockedAddress } from './sign-in-log';
import { tooManyTries } from './admin-sessions';
import { clientNetwork } from '../http/client-ip';

export const PENDING_COOKIE = 'loop_pending';
const PENDING_MS = 5 * 60 * 1000;

/** After the right password of an admin with a second factor: a pending login, never a session. */
export async function beginSecondStep(req: ApiRequest, ctx: AppContext, adminId: number): Promise<string> {
  const token = newToken();
  const now = ctx.now().getTime();
  await insertChallenge(ctx.db, {
    challenge: hashToken(token),
    kind: 'login-pending',
    admin_id: adminId,
    expires_at: now + PENDING_MS,
  });
  return cookieHeader(req, PENDING_COOKIE, token, PENDING_MS / 1000, '/api/admin');
}

export async function loginCode(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.loginCode>> {
  const body = await checkedBody(req, calls.loginCode);
  rejectCrossSite(req);
  const { failures, codeGuesses, passwordGuesses, queue } = ctx.adminSessions;
  const signedIn = await queue.run(clientNetwork(req.ip), async () => {
    await refuseLockedAddress(req, ctx, null, 'Too many failed sign-ins');
    const token = readCookie(req, PENDING_COOKIE) ?? '';
    const now = ctx.now().getTime();
    const pending = isToken(token) ? await findChallenge(ctx.db, hashToken(token), 'login-pending', now) : undefined;
    if (!pending || pending.admin_id === null)
      throw new HttpError(401, 'Sign in with your password first (the code step lasts 5 minutes)');
    const username = (await adminUsername(ctx.db, pending.admin_id)) ?? null;
    // Counted before the code is checked: parallel guesses on every instance share one count.
    const attempt = await codeGuesses.attempt(pending.admin_id);
    if (attempt.wait > 0) {
      if (attempt.lockouts !== undefined) await alertCodeGuessing(ctx, attempt.lockouts);
      await recordFailedSignIn(req, ctx, username, 'too many wrong second-factor codes for this account');
      throw tooManyTries('Too many failed sign-ins', attempt.wait);
    }
    const outcome = await checkSecondFactorCode(ctx, pending.admin_id, body.code);
    if (!codeAccepted(outcome)) {
      await failures.hit(clientNetwork(req.ip));
      await recordFailedSignIn(req, ctx, username, 'wrong second-factor code');
      throw new HttpError(401, codeRefusal(outcome));
    }
    if (!(await consumeChallenge(ctx.db, pending.challenge, 'login-pending', now)))
      throw new HttpError(401, 'Sign in with your password first');
    await failures.reset(clientNetwork(req.ip));
    await codeGuesses.succeeded(pending.admin_id);
    if (username !== null) await passwordGuesses.succeeded(username);
    return { adminId: pending.admin_id, recovery: outcome === 'recovery' };
  });
  const signIn: SignIn = signedIn.recovery
    ? {
        method: 'password and recovery code',
        recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, signedIn.adminId),
      }
    : { method: 'password and code' };
  return reply(
    200,
    { success: true as const },
    { 'Set-Cookie': await startSession(req, ctx, signedIn.adminId, signIn) },
  );
}
