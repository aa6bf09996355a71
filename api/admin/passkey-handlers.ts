/**
 * Passkeys through @simplewebauthn/server: adding one from the dashboard, and signing in with one.
 * A passkey is the whole sign-in, not a step after the password: it proves possession of the
 * device and, with user verification required, its PIN or biometric, and it cannot be phished
 * (bound to the shop's address). Challenges live in the database (any instance finishes a
 * ceremony) for 5 minutes and are used up by the first answer, right or wrong. docs/spec.md#second-factor
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import * as calls from '../../contract/calls/admin-security';
import { findFirstAdmin } from '../../data/admins';
import { consumeChallenge, insertChallenge } from '../../data/auth-challenges';
import type { ChallengeKind } from '../../data/auth-challenges';
import {
  deletePasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  renamePasskey,
} from '../../data/passkeys';
import type { AppContext } from '../context';
import { idParam, reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { rejectCrossSite } from '../http/cross-site';
import { deviceName } from './device-name';
import { relyingParty } from './relying-party';
import { startSession } from './start-session';
import { recordFailedSignIn, refuseLockedAddress } from './sign-in-log';
import { tooManyTries } from './admin-sessions';
import type { ActivityAction } from '../../contract/rules/activity-words';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import type { ActivityChange } from '../shared/activity-record';
import { clientNetwork } from '../http/client-ip';

const CHALLENGE_MS = 5 * 60 * 1000;

function adminOf(req: ApiRequest): number {
  if (!req.admin) throw new HttpError(401, 'Unauthorized');
  return req.admin.adminId;
}

async function remember(
  ctx: AppContext,
  challenge: string,
  kind: ChallengeKind,
  adminId: number | null,
): Promise<void> {
  await insertChallenge(ctx.db, { challenge, kind, admin_id: adminId, expires_at: ctx.now().getTime() + CHALLENGE_MS });
}

/** expectedChallenge for the library: true only for a live challenge of this kind, used up on the spot. */
function usedUp(ctx: AppContext, kind: ChallengeKind) {
  return (challenge: string): Promise<boolean> => consumeChallenge(ctx.db, challenge, kind, ctx.now().getTime());
}

export async function registerOptions(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.passkeyRegisterOptions>> {
  const adminId = adminOf(req);
  const rp = relyingParty(req);
  const admin = await findFirstAdmin(ctx.db);
  const existing = await listPasskeys(ctx.db, adminId);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin?.username ?? 'admin',
    userID: new TextEncoder().encode(`admin-${adminId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credential_id })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await remember(ctx, options.challenge, 'passkey-register', adminId);
  return { success: true, options: options as unknown as Record<string, unknown> };
}

export async function add(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.addPasskey>> {
  const adminId = adminOf(req);
  const body = await checkedBody(req, calls.addPasskey);
  const rp = relyingParty(req);
  const verified = await verifyRegistrationResponse({
    response: body.credential as unknown as RegistrationResponseJSON,
    expectedChallenge: usedUp(ctx, 'passkey-register'),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: Error) => {
    throw new HttpError(400, `The passkey was not added: ${error.message}`);
  });
  if (!verified.verified) throw new HttpError(400, 'The passkey was not added: it could not be verified');
  const { credential } = verified.registrationInfo;
  if (await findPasskey(ctx.db, credential.id)) throw new HttpError(400, 'This passkey is already added');
  const by = await adminActor(req, ctx);
  const at = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await insertPasskey(tx, {
      admin_id: adminId,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      created_at: at,
      // Named after the device it was added on until the owner renames it.
      name: deviceName(String(req.headers['user-agent'] ?? '')),
    });
    const added = await findPasskey(tx, credential.id);
    const id = added ? String(added.id) : null;
    await recordChangeIn(tx, by, at, passkeyChange('admin.passkey_added', id, 'passkey added'));
  });
  return { success: true };
}

export async function remove(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deletePasskey>> {
  const adminId = adminOf(req);
  const id = idParam(req);
  const by = await adminActor(req, ctx);
  const at = ctx.now().toISOString();
  const removed = await ctx.db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, adminId, id))) return false;
    await recordChangeIn(tx, by, at, passkeyChange('admin.passkey_removed', String(id), 'passkey removed'));
    return true;
  });
  if (!removed) throw new HttpError(404, 'Passkey not found');
  return { success: true };
}

export async function rename(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.renamePasskey>> {
  const adminId = adminOf(req);
  const id = idParam(req);
  const { name } = await checkedBody(req, calls.renamePasskey);
  const by = await adminActor(req, ctx);
  const at = ctx.now().toISOString();
  const found = await ctx.db.transaction(async (tx) => {
    const before = await renamePasskey(tx, adminId, id, name);
    if (!before) return false;
    // Renaming to the same name changes nothing: no entry.
    if (before.name !== name)
      await recordChangeIn(tx, by, at, {
        action: 'admin.passkey_renamed',
        objectType: 'admin',
        objectId: String(id),
        summary: `passkey renamed: ${before.name || `passkey ${id}`} → ${name}`,
        before: { passkey: String(id), name: before.name },
        after: { passkey: String(id), name },
      });
    return true;
  });
  if (!found) throw new HttpError(404, 'Passkey not found');
  return { success: true };
}

function passkeyChange(action: ActivityAction, id: string | null, summary: string): ActivityChange {
  const present = { passkey: id };
  const added = action === 'admin.passkey_added';
  return {
    action,
    objectType: 'admin',
    objectId: id,
    summary,
    before: added ? null : present,
    after: added ? present : null,
  };
}

/** A failed passkey sign-in counts like a wrong password, and a locked IP gets no challenge. */
async function refuseWhenLocked(req: ApiRequest, ctx: AppContext): Promise<void> {
  const wait = await ctx.adminSessions.failures.blockedFor(clientNetwork(req.ip));
  if (wait > 0) throw tooManyTries('Too many failed sign-ins', wait);
}

async function failed(req: ApiRequest, ctx: AppContext, text: string): Promise<never> {
  await ctx.adminSessions.failures.hit(clientNetwork(req.ip));
  await recordFailedSignIn(req, ctx, null, text);
  throw new HttpError(401, text);
}

export async function loginOptions(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.passkeyLoginOptions>> {
  rejectCrossSite(req);
  await refuseWhenLocked(req, ctx);
  const wait = await ctx.adminSessions.challenges.hit(clientNetwork(req.ip));
  if (wait > 0) throw tooManyTries('Too many passkey sign-ins', wait);
  const rp = relyingParty(req);
  // No allowCredentials: the authenticator offers its own passkey for this RP (nothing to tell a stranger).
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await remember(ctx, options.challenge, 'passkey-login', null);
  return { success: true, options: options as unknown as Record<string, unknown> };
}

export async function login(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.passkeyLogin>> {
  const body = await checkedBody(req, calls.passkeyLogin);
  rejectCrossSite(req);
  const rp = relyingParty(req);
  await refuseLockedAddress(req, ctx, null, 'Too many failed sign-ins');
  const response = body.credential as unknown as AuthenticationResponseJSON;
  const passkey = await findPasskey(ctx.db, String(response.id));
  if (!passkey) return failed(req, ctx, 'This passkey is not known here');
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: usedUp(ctx, 'passkey-login'),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: Number(passkey.counter),
      transports: JSON.parse(passkey.transports) as never,
    },
    requireUserVerification: true,
  }).catch((error: Error) => failed(req, ctx, `Passkey sign-in failed: ${error.message}`));
  if (!verified.verified) return failed(req, ctx, 'Passkey sign-in failed');
  await markPasskeyUsed(ctx.db, passkey.id, verified.authenticationInfo.newCounter, ctx.now().toISOString());
  return reply(
    200,
    { success: true as const },
    { 'Set-Cookie': await startSession(req, ctx, passkey.admin_id, { method: 'passkey' }) },
  );
}
