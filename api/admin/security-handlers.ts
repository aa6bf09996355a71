/**
 * The dashboard's Security view: what is on (second factor, recovery codes left, passkeys), the
 * signed-in sessions with their device, IP and last use, TOTP set-up and removal, ending a session.
 */
import * as calls from '../../contract/calls/admin-security';
import { findFirstAdmin } from '../../data/admins';
import { listPasskeys } from '../../data/passkeys';
import {
  countUnusedRecoveryCodes,
  disableTotpIn,
  enableTotpIn,
  findSecondFactor,
  setPendingTotpSecret,
} from '../../data/second-factor';
import { listSessions } from '../../data/sessions';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import type { ActivityChange } from '../shared/activity-record';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { isPublicId } from '../http/cookies';
import { HttpError } from '../http/http-error';
import { tooManyTries } from './admin-sessions';
import { deviceName } from './device-name';
import { endOtherSessionLogged } from './session-end';
import { checkSecondFactorCode, codeAccepted, codeRefusal } from './second-factor-check';
import { hashRecoveryCode, isTotpCode, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg, totpStep } from './totp';
import { HOUR_MS } from '../../contract/rules/durations';

function identity(req: ApiRequest): { adminId: number; tokenHash: string } {
  if (!req.admin) throw new HttpError(401, 'Unauthorized');
  return req.admin;
}

/** The authenticator app turned on (with its recovery codes) or off: codes and secrets never in the log. */
function secondFactorChange(on: boolean, recoveryCodes: number): ActivityChange {
  const state = (value: boolean) => ({ authenticator_app: value ? 'on' : 'off' });
  return {
    action: on ? 'admin.second_factor_on' : 'admin.second_factor_off',
    objectType: 'admin',
    objectId: null,
    summary: on ? `authenticator app off → on (${recoveryCodes} new recovery codes)` : 'authenticator app on → off',
    before: state(!on),
    after: state(on),
  };
}

const iso = (ms: number): string => new Date(Number(ms)).toISOString();

export async function overview(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.getSecurity>> {
  const { adminId, tokenHash } = identity(req);
  const factor = await findSecondFactor(ctx.db, adminId);
  const idleMs = ctx.config.sessionIdleHours * HOUR_MS;
  const sessions = await listSessions(ctx.db, adminId, ctx.now().getTime(), idleMs);
  const { codeGuesses } = ctx.adminSessions;
  const lockouts = await codeGuesses.recentLockouts(adminId);
  return {
    success: true,
    totp_enabled: Boolean(factor?.totp_secret),
    recovery_codes_left: await countUnusedRecoveryCodes(ctx.db, adminId),
    passkeys: (await listPasskeys(ctx.db, adminId)).map((key) => ({
      id: Number(key.id),
      name: key.name,
      created_at: key.created_at,
      last_used_at: key.last_used_at,
    })),
    sessions: sessions.map((session) => ({
      id: session.public_id,
      device: deviceName(session.user_agent),
      user_agent: session.user_agent,
      ip: session.ip,
      created_at: iso(session.created_at),
      last_seen_at: iso(session.last_seen_at),
      current: session.token_hash === tokenHash,
    })),
    code_guessing: lockouts > 0 ? { lockouts, locked_for_seconds: await codeGuesses.lockedFor(adminId) } : null,
  };
}

export async function startTotp(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.startTotp>> {
  const { adminId } = identity(req);
  if ((await findSecondFactor(ctx.db, adminId))?.totp_secret)
    throw new HttpError(409, 'The second factor is already on');
  const secret = newTotpSecret();
  await setPendingTotpSecret(ctx.db, adminId, secret);
  const url = otpauthUrl(secret, (await findFirstAdmin(ctx.db))?.username ?? 'admin');
  return { success: true, secret, otpauth_url: url, qr_svg: await qrSvg(url) };
}

export async function confirmTotp(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.confirmTotp>> {
  const { adminId } = identity(req);
  const body = await checkedBody(req, calls.confirmTotp);
  const factor = await findSecondFactor(ctx.db, adminId);
  if (factor?.totp_secret) throw new HttpError(409, 'The second factor is already on');
  if (!factor?.totp_pending_secret) throw new HttpError(409, 'Start the set-up first');
  const step = isTotpCode(body.code) ? totpStep(factor.totp_pending_secret, body.code, ctx.now().getTime()) : undefined;
  if (step === undefined)
    throw new HttpError(400, 'Wrong code: check the time on your phone and type the code the app shows now');
  const codes = newRecoveryCodes();
  const now = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const on = await ctx.db.transaction(async (tx) => {
    if (!(await enableTotpIn(tx, adminId, step, codes.map(hashRecoveryCode), now))) return false;
    await recordChangeIn(tx, by, now, secondFactorChange(true, codes.length));
    return true;
  });
  if (!on) throw new HttpError(409, 'Start the set-up first');
  return { success: true, recovery_codes: codes };
}

export async function turnOffTotp(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.disableTotp>> {
  const { adminId } = identity(req);
  const body = await checkedBody(req, calls.disableTotp);
  if (!(await findSecondFactor(ctx.db, adminId))?.totp_secret) throw new HttpError(409, 'The second factor is not on');
  const { wait } = await ctx.adminSessions.codeGuesses.attempt(adminId);
  if (wait > 0) throw tooManyTries('Too many wrong codes', wait);
  const outcome = await checkSecondFactorCode(ctx, adminId, body.code);
  if (!codeAccepted(outcome)) throw new HttpError(400, codeRefusal(outcome));
  await ctx.adminSessions.codeGuesses.succeeded(adminId);
  const by = await adminActor(req, ctx);
  const at = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await disableTotpIn(tx, adminId);
    await recordChangeIn(tx, by, at, secondFactorChange(false, 0));
  });
  return { success: true };
}

export async function endSession(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.endSession>> {
  const { adminId } = identity(req);
  const id = req.params.id ?? '';
  if (!isPublicId(id) || !(await endOtherSessionLogged(ctx, await adminActor(req, ctx), adminId, id)))
    throw new HttpError(404, 'Session not found');
  return { success: true };
}
