/**
 * The admin's sign-ins in the activity log (docs/spec.md#activity-log). A refused attempt is a
 * change of its own (written in its own transaction), but a flood of them must not grow the log
 * without bound: per address, at most one entry a minute; the attempts refused meanwhile are
 * counted and the next entry carries the count.
 */
import { recordActivityIn } from '../../data/activity/activity-log';
import type { Transaction } from '../../data/store';
import { namedAdminActor } from '../shared/activity-actor';
import type { AppContext } from '../context';
import type { ApiRequest } from '../http/api-request';
import { tooManyTries } from './admin-sessions';
import { deviceName } from './device-name';
import { recordSessionEntryIn } from './session-entry';
import { clientNetwork } from '../http/client-ip';

export type SignInMethod = 'password' | 'password and code' | 'password and recovery code' | 'passkey';

/** How a session was opened; a recovery code says how many are left, the sign-in an owner most wants to notice. */
export type SignIn = { method: SignInMethod; recoveryCodesLeft?: number };

function leftNote(left: number): string {
  return ` (${left} recovery ${left === 1 ? 'code' : 'codes'} left)`;
}

/** The session a sign-in opened, recorded in the transaction that stores it. */
export async function recordSignInIn(
  tx: Transaction,
  req: ApiRequest,
  at: string,
  adminId: number,
  session: SignIn & { publicId: string },
): Promise<void> {
  const device = deviceName(String(req.headers['user-agent'] ?? ''));
  const left = session.recoveryCodesLeft;
  await recordSessionEntryIn(tx, req, adminId, {
    at,
    action: 'admin.sign_in',
    objectId: session.publicId,
    summary: `signed in with ${session.method} on ${device}${left === undefined ? '' : leftNote(left)}`,
    before: null,
    after: {
      session: session.publicId,
      method: session.method,
      device,
      ...(left === undefined ? {} : { recovery_codes_left: left }),
    },
  });
}

/** A sign-in step from an address over the failed sign-in limit: the refusal is logged, then answered 429. */
export async function refuseLockedAddress(
  req: ApiRequest,
  ctx: AppContext,
  username: string | null,
  what: string,
): Promise<void> {
  const wait = await ctx.adminSessions.failures.blockedFor(clientNetwork(req.ip));
  if (wait <= 0) return;
  await recordFailedSignIn(req, ctx, username, 'too many failed sign-ins from this address');
  throw tooManyTries(what, wait);
}

/**
 * A refused sign-in: the username typed (never the password), why, and how many attempts from
 * this address the entry stands for (itself and those left out since the address's last entry).
 */
export async function recordFailedSignIn(
  req: ApiRequest,
  ctx: AppContext,
  username: string | null,
  reason: string,
): Promise<void> {
  const { failureEntries, unloggedFailures } = ctx.adminSessions;
  if ((await failureEntries.hit(clientNetwork(req.ip))) > 0) {
    await unloggedFailures.hit(clientNetwork(req.ip));
    return;
  }
  const attempts = (await unloggedFailures.count(clientNetwork(req.ip))) + 1;
  await unloggedFailures.reset(clientNetwork(req.ip));
  const typed = username === null ? null : username.slice(0, 200);
  const since = attempts > 1 ? ` (${attempts} attempts from this address since its last entry)` : '';
  await ctx.db.transaction((tx) =>
    recordActivityIn(tx, {
      ...namedAdminActor(req, typed),
      at: ctx.now().toISOString(),
      action: 'admin.sign_in_failed',
      objectType: 'session',
      objectId: null,
      summary: `sign-in refused: ${reason}${since}`,
      before: null,
      after: { username: typed, reason, attempts },
    }),
  );
}
