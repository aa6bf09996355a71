/** The desktop app's calls. The key is the credential; every answer, a denial too, is signed. */
import * as calls from '../../contract/calls/license-app';
import { bindDevice, unbindDevice } from '../../data/licenses/devices';
import type { LicenseDeviceRow } from '../../data/licenses/devices';
import { claimTrialDevice, isTrialLicense, releaseTrialDevice, trialOfDevice } from '../../data/trials';
import { sessionAdminActor } from '../shared/activity-actor';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';
import { MOVE_WINDOW_DAYS, moveAllowedAgainAt, moveWindowStart } from '../licenses';
import { retryAfterSeconds } from '../../contract/rules/durations';
import { findAdminSession } from '../shared/admin-session';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { isCrossSite } from '../http/cross-site';
import { productRefusal, refusal, runLicenseCall } from './license-call';
import type { Decision } from './license-call';
import type { LicenseRequest } from './license-request';
import {
  APP_MESSAGES,
  deviceLimitMessage,
  transferLimitMessage,
  TRIAL_USED_ON_DEVICE,
} from '../messages/license-app-messages';

export function activate(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.activateLicense>> {
  return runLicenseCall(calls.activateLicense, req, ctx, async (request, license, now): Promise<Decision> => {
    const refused = refusal(request, license, now, ctx.config.timeZone);
    if (refused) return refused;
    // docs/spec.md#free-trial: one free trial per device.
    // The device is claimed before binding, in one statement, so two trial keys at once get one device.
    const trial = await isTrialLicense(ctx.db, license.id);
    const claimedAt = now.toISOString();
    const fresh = trial && (await trialOfDevice(ctx.db, request.deviceId)) === undefined;
    if (trial) {
      const held = await claimTrialDevice(ctx.db, request.deviceId, license.id, claimedAt);
      if (held !== license.id) return { code: 'TRIAL_ALREADY_USED', message: TRIAL_USED_ON_DEVICE, license };
    }
    const { maxMoves } = ctx.config.license;
    const outcome = await bindDevice(ctx.db, {
      licenseId: license.id,
      deviceId: request.deviceId,
      deviceName: request.deviceName,
      appVersion: request.appVersion,
      at: now.toISOString(),
      maxMoves,
      windowStart: moveWindowStart(now),
      data: { ip: req.ip },
    });
    // A claim for an activation that did not bind is given back (a device it held before stays held).
    if (fresh && outcome.kind !== 'bound' && outcome.kind !== 'same')
      await releaseTrialDevice(ctx.db, request.deviceId, license.id);
    switch (outcome.kind) {
      case 'bound':
        return { code: 'ACTIVATED', message: APP_MESSAGES.ACTIVATED, license: outcome.license };
      case 'same':
        return { code: 'ALREADY_ACTIVATED', message: APP_MESSAGES.ALREADY_ACTIVATED, license: outcome.license };
      case 'other':
        return {
          code: 'DEVICE_LIMIT_REACHED',
          message: deviceLimitMessage(outcome.license.device_name),
          license: outcome.license,
        };
      case 'transfer_limit': {
        const againAt = moveAllowedAgainAt(outcome.oldestMoveAt);
        const wait = retryAfterSeconds(againAt.getTime(), now.getTime());
        const message = transferLimitMessage(maxMoves, MOVE_WINDOW_DAYS, againAt.toISOString(), ctx.config.timeZone);
        return { code: 'TRANSFER_LIMIT_REACHED', message, license: outcome.license, retryAfter: wait };
      }
      case 'missing':
        return { code: 'LICENSE_NOT_FOUND', message: APP_MESSAGES.LICENSE_NOT_FOUND, license: undefined };
    }
  });
}

export function validate(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.validateLicense>> {
  return runLicenseCall(calls.validateLicense, req, ctx, async (request, license, now): Promise<Decision> => {
    const decision = validation(request, license, now, ctx.config.timeZone);
    const valid = decision.code === 'VALID';
    ctx.licenseApi.seen.note(license, request.deviceId, now, request.appVersion, req.ip, valid);
    return decision;
  });
}

function validation(request: LicenseRequest, license: LicenseDeviceRow, now: Date, zone: string): Decision {
  const refused = refusal(request, license, now, zone);
  if (refused) return refused;
  if (license.device_id === null)
    return { code: 'NOT_ACTIVATED', message: APP_MESSAGES.NOT_ACTIVATED_VALIDATE, license };
  if (license.device_id !== request.deviceId)
    return { code: 'DEVICE_MISMATCH', message: APP_MESSAGES.DEVICE_MISMATCH_VALIDATE, license };
  return { code: 'VALID', message: APP_MESSAGES.VALID, license };
}

/**
 * The admin screen calls deactivate with its session cookie; that makes the unbind an admin's. A
 * cross-site call with the cookie (checked as every admin change is) is only a device's.
 */
async function adminCaller(req: ApiRequest, ctx: AppContext): Promise<ActivityActor | undefined> {
  if (isCrossSite(req)) return undefined;
  const session = await findAdminSession(ctx, req);
  return session && sessionAdminActor(req, ctx, session.adminId);
}

export async function deactivate(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deactivateLicense>> {
  const by = await adminCaller(req, ctx);
  const admin = by !== undefined;
  return runLicenseCall(
    calls.deactivateLicense,
    req,
    ctx,
    async (request, license, now): Promise<Decision> => {
      // The dashboard unbinds keys of both products without naming one.
      const wrongProduct = admin ? undefined : productRefusal(request, license);
      if (wrongProduct) return wrongProduct;
      const outcome = await unbindDevice(
        ctx.db,
        {
          licenseId: license.id,
          deviceId: request.deviceId,
          actor: admin ? 'admin' : 'device',
          at: now.toISOString(),
        },
        by &&
          ((tx, device) =>
            recordChangeIn(tx, by, now.toISOString(), {
              action: 'license.device_unbound',
              objectType: 'license',
              objectId: String(license.id),
              summary: `device ${device.device_name ?? device.device_id} unbound by the admin`,
              before: { device_name: device.device_name, device_id: device.device_id },
              after: { device_name: null, device_id: null },
            })),
      );
      switch (outcome.kind) {
        case 'unbound':
          return { code: 'DEACTIVATED', message: APP_MESSAGES.DEACTIVATED, license: outcome.license };
        case 'none':
          return { code: 'NOT_ACTIVATED', message: APP_MESSAGES.NOT_ACTIVATED_DEACTIVATE, license, status: 200 };
        case 'mismatch':
          return {
            code: 'DEVICE_MISMATCH',
            message: APP_MESSAGES.DEVICE_MISMATCH_DEACTIVATE,
            license: outcome.license,
          };
        case 'missing':
          return { code: 'LICENSE_NOT_FOUND', message: APP_MESSAGES.LICENSE_NOT_FOUND, license: undefined };
      }
    },
    admin,
  );
}

export function publicKey(_req: ApiRequest, ctx: AppContext): AnswerFor<typeof calls.licensePublicKey> {
  const { publicKeys } = ctx.licenseApi.signer;
  const current = publicKeys[0]!;
  return reply(
    200,
    {
      success: true as const,
      alg: 'Ed25519' as const,
      kid: current.kid,
      public_key_pem: current.public_key_pem,
      jwk: current.jwk,
      keys: publicKeys,
    },
    { 'Cache-Control': 'public, max-age=3600' },
  );
}
