/**
 * The steps every desktop-app call shares: read the body (a bad one is a signed
 * INVALID_REQUEST), the limits per IP and per key, the lookup by key hash, the audit of a refusal,
 * and the signed answer. Each call only decides what to do with a known licence.
 */
import type { LicenseDeviceRow } from '../../data/licenses/devices';
import { addLicenseEvent } from '../../data/licenses/events';
import type { LicenseEvent } from '../../data/licenses/events';
import { findLicenseByKeyHash } from '../../data/licenses/devices';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import { clientNetwork } from '../http/client-ip';
import type { AnswerFor, ApiRequest, Reply } from '../http/api-request';
import type { CallSpec } from '../../contract/calls/call';
import { maskLicenseKey } from '../licenses';
import { accountUrl } from '../shared/account-url';
import { PRODUCT_NAMES } from '../../contract/rules/products';
import { appLicenseStatus, buildLicenseAnswer, CODE_STATUS } from './license-answer';
import type { LicenseAnswer, LicenseCode } from '../../contract/calls/license-answer';
import type { AnswerInput } from './license-answer';
import type { LicenseCall } from '../shared/license-calls';
import { checkLicenseRequest, InvalidLicenseRequest, readLicenseBody } from './license-request';
import { UNKNOWN_KEY_BLOCK_MINUTES } from './license-throttle';
import type { LicenseRequest } from './license-request';
import {
  APP_MESSAGES,
  BUYER_CAN_FIX,
  expiredMessage,
  productMismatchMessage,
  rateLimitedMessage,
} from '../messages/license-app-messages';

/** What a call decided about a known licence. */
export type Decision = {
  code: LicenseCode;
  message: string;
  license: LicenseDeviceRow | undefined;
  status?: number;
  retryAfter?: number;
};

export type Decide = (request: LicenseRequest, license: LicenseDeviceRow, now: Date) => Promise<Decision>;

function answer(ctx: AppContext, input: AnswerInput, retryAfter?: number): Reply<LicenseAnswer> {
  ctx.metrics?.licenseAnswer(input.call, input.code);
  const { status, body } = buildLicenseAnswer(ctx.licenseApi.signer, input);
  return retryAfter === undefined ? reply(status, body) : reply(status, body, { 'Retry-After': String(retryAfter) });
}

/** A refusal's audit event; while storage refuses writes the signed refusal is still answered. */
async function audit(ctx: AppContext, event: LicenseEvent): Promise<void> {
  await addLicenseEvent(ctx.db, event).catch((error: unknown) =>
    ctx.log.warn(`licence audit event ${event.type} not written`, error),
  );
}

async function auditRateLimited(ctx: AppContext, call: LicenseCall, request: LicenseRequest, now: Date): Promise<void> {
  const license = await findLicenseByKeyHash(ctx.db, request.keySha256);
  if (!license) return;
  await audit(ctx, {
    license_id: license.id,
    type: 'rate_limited',
    actor: 'device',
    device_id: request.deviceId,
    at: now.toISOString(),
    data: { call },
  });
}

/** A key of another product than the app's: all three calls refuse it (the admin's unbind excepted). */
export function productRefusal(request: LicenseRequest, license: LicenseDeviceRow): Decision | undefined {
  if (license.app_type === request.product) return undefined;
  return {
    code: 'PRODUCT_MISMATCH',
    message: productMismatchMessage(PRODUCT_NAMES[license.app_type], PRODUCT_NAMES[request.product]),
    license,
  };
}

/** Product and status checks shared by activate and validate; `zone`: the shop's, for the dates people read. */
export function refusal(
  request: LicenseRequest,
  license: LicenseDeviceRow,
  now: Date,
  zone: string,
): Decision | undefined {
  const wrongProduct = productRefusal(request, license);
  if (wrongProduct) return wrongProduct;
  const status = appLicenseStatus(license, now);
  if (status === 'expired')
    return { code: 'LICENSE_EXPIRED', message: expiredMessage(license.expired_date, zone), license };
  if (status !== 'active') return { code: 'LICENSE_SUSPENDED', message: APP_MESSAGES.LICENSE_SUSPENDED, license };
  return undefined;
}

/**
 * Runs one call; `admin` (the dashboard's unbind) skips the limits and is audited as the admin's.
 * The answer's status follows its code (CODE_STATUS); the contract narrows the codes each status
 * may carry, which the type system cannot follow through one shared builder: the HTTP tests check
 * every answer against it instead.
 */
export async function runLicenseCall<Call extends CallSpec>(
  contract: Call,
  req: ApiRequest,
  ctx: AppContext,
  decide: Decide,
  admin = false,
): Promise<AnswerFor<Call>> {
  return (await licenseAnswerFor(CALL_OF[contract.id]!, req, ctx, decide, admin)) as AnswerFor<Call>;
}

const CALL_OF: Record<string, LicenseCall> = {
  activateLicense: 'activate',
  validateLicense: 'validate',
  deactivateLicense: 'deactivate',
};

async function licenseAnswerFor(
  call: LicenseCall,
  req: ApiRequest,
  ctx: AppContext,
  decide: Decide,
  admin: boolean,
): Promise<Reply<LicenseAnswer>> {
  const { throttle } = ctx.licenseApi;
  const now = ctx.now();
  const body = await readLicenseBody(req);
  // Checked before the limits (it has no side effect) so the nonce is read once; refused after them.
  const request = body instanceof InvalidLicenseRequest ? body : checkLicenseRequest(call, body);
  if (!admin) {
    const hit = throttle.hitIp(clientNetwork(req.ip));
    const wait = hit instanceof Promise ? await hit : hit;
    if (wait > 0)
      return answer(
        ctx,
        { call, code: 'RATE_LIMITED', message: rateLimitedMessage(wait), now, nonce: request.nonce },
        wait,
      );
  }
  if (request instanceof InvalidLicenseRequest) {
    return answer(ctx, {
      call,
      code: 'INVALID_REQUEST',
      message: request.message,
      now,
      nonce: request.nonce,
      status: request.status,
    });
  }
  const base = { call, now, nonce: request.nonce, keySha256: request.keySha256, deviceId: request.deviceId };
  if (!admin) {
    const hit = throttle.hitKey(call, request.keySha256);
    const limited = hit instanceof Promise ? await hit : hit;
    if (limited.wait > 0) {
      if (limited.first) await auditRateLimited(ctx, call, request, now);
      return answer(ctx, { ...base, code: 'RATE_LIMITED', message: rateLimitedMessage(limited.wait) }, limited.wait);
    }
  }
  const license = await findLicenseByKeyHash(ctx.db, request.keySha256);
  if (!license) {
    if (!admin && (await throttle.unknownKey(clientNetwork(req.ip)))) {
      ctx.log.warn(
        `licence API: ${req.ip} blocked for ${UNKNOWN_KEY_BLOCK_MINUTES} minutes after ${ctx.config.license.unknownKeyLimit} unknown keys`,
      );
    }
    ctx.log.info(`licence ${call}: unknown key ${maskLicenseKey(request.licenseKey)} from ${req.ip}`);
    return answer(ctx, {
      ...base,
      code: 'LICENSE_NOT_FOUND',
      message: APP_MESSAGES.LICENSE_NOT_FOUND,
      accountUrl: accountUrl(ctx.config),
    });
  }
  const decision = await decide(request, license, now);
  if ((decision.status ?? CODE_STATUS[decision.code]) >= 400 && decision.license) {
    await audit(ctx, {
      license_id: license.id,
      type: 'validation_failed',
      actor: admin ? 'admin' : 'device',
      device_id: request.deviceId,
      at: now.toISOString(),
      data: { call, code: decision.code },
    });
  }
  const accountLink = BUYER_CAN_FIX.has(decision.code) ? accountUrl(ctx.config) : undefined;
  return answer(
    ctx,
    {
      ...base,
      code: decision.code,
      message: decision.message,
      license: decision.license,
      status: decision.status,
      accountUrl: accountLink,
    },
    decision.retryAfter,
  );
}
