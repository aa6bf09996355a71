import { bindDevice, findLicenseByKeyHash, unbindDevice } from '../../data/license-devices';
import type { LicenseDeviceRow } from '../../data/license-devices';
import { addLicenseEvent } from '../../data/license-events';
import type { LicenseEvent } from '../../data/license-events';
import { findAdminSession } from '../admin/admin-session';
import type { AppContext } from '../context';
import { reply } from '../http/http';
import type { ApiRequest, Handler, Reply } from '../http/http';
import { buildLicenseAnswer, CODE_STATUS, licenseStatus } from './license-answer';
import type { AnswerInput, LicenseCall, LicenseCode } from './license-answer';
import { maskLicenseKey } from '../licenses/license-keys';
import { InvalidLicenseRequest, nonceOf, parseLicenseRequest, readLicenseBody } from './license-request';
import type { LicenseRequest } from './license-request';
import { SeenRecorder } from './license-seen';
import { loadLicenseSigner } from './license-signing';
import { LicenseThrottle } from './license-throttle';

const MOVE_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** What a call decided about a known licence. */
type Decision = { code: LicenseCode; message: string; license: LicenseDeviceRow | undefined; status?: number; retryAfter?: number };

const PRODUCT_NAMES: Record<string, string> = { loopbot: 'LoopBOT', loopstream: 'LoopStream' };

/** The desktop app's calls. The key is the credential; every answer, a denial too, is signed. */
export async function licenseAppHandlers(ctx: AppContext): Promise<{ activate: Handler; validate: Handler; deactivate: Handler; publicKey: Handler }> {
  const { db, config, log } = ctx;
  const signer = await loadLicenseSigner(config.license.signingKeyPem, config.dataDir);
  const throttle = new LicenseThrottle(config.license, () => ctx.now().getTime());
  const seen = new SeenRecorder(db, log);
  ctx.onClose(() => seen.close());

  function answer(input: AnswerInput, retryAfter?: number, headers: Record<string, string> = {}): Reply {
    const { status, body } = buildLicenseAnswer(signer, input);
    return reply(status, body, retryAfter === undefined ? headers : { ...headers, 'Retry-After': String(retryAfter) });
  }

  /** The admin screen calls deactivate with its session cookie; that makes the unbind an admin's. */
  async function isAdminCaller(req: ApiRequest): Promise<boolean> {
    if (req.headers['sec-fetch-site'] === 'cross-site') return false;
    return (await findAdminSession(ctx, req)) !== undefined;
  }

  async function run(call: LicenseCall, req: ApiRequest, decide: (request: LicenseRequest, license: LicenseDeviceRow, now: Date) => Promise<Decision>, admin = false): Promise<Reply> {
    const now = ctx.now();
    let body: Record<string, unknown> | InvalidLicenseRequest;
    try {
      body = await readLicenseBody(req);
    } catch (error) {
      if (!(error instanceof InvalidLicenseRequest)) throw error;
      body = error;
    }
    const nonce = body instanceof InvalidLicenseRequest ? null : nonceOf(body);
    if (!admin) {
      const wait = throttle.hitIp(req.ip);
      if (wait > 0) return answer({ call, code: 'RATE_LIMITED', message: tooMany(wait), now, nonce }, wait);
    }
    let request: LicenseRequest;
    try {
      if (body instanceof InvalidLicenseRequest) throw body;
      request = parseLicenseRequest(call, body);
    } catch (error) {
      if (!(error instanceof InvalidLicenseRequest)) throw error;
      // An oversized body was left unread: close the connection rather than read it to keep it alive.
      const headers: Record<string, string> = req.raw.readableEnded ? {} : { Connection: 'close' };
      return answer({ call, code: 'INVALID_REQUEST', message: error.message, now, nonce, status: error.status }, undefined, headers);
    }
    const base = { call, now, nonce: request.nonce, keySha256: request.keySha256, deviceId: request.deviceId };
    if (!admin) {
      const limited = throttle.hitKey(call, request.keySha256);
      if (limited.wait > 0) {
        if (limited.first) await auditRateLimited(call, request, now);
        return answer({ ...base, code: 'RATE_LIMITED', message: tooMany(limited.wait) }, limited.wait);
      }
    }
    const license = await findLicenseByKeyHash(db, request.keySha256);
    if (!license) {
      if (!admin && throttle.unknownKey(req.ip)) {
        log.warn(`licence API: ${req.ip} blocked for 15 minutes after ${config.license.unknownKeyLimit} unknown keys`);
      }
      log.info(`licence ${call}: unknown key ${maskLicenseKey(request.licenseKey)} from ${req.ip}`);
      return answer({ ...base, code: 'LICENSE_NOT_FOUND', message: 'License key not found.' });
    }
    const decision = await decide(request, license, now);
    if ((decision.status ?? CODE_STATUS[decision.code]) >= 400 && decision.license) {
      await audit({
        license_id: license.id,
        type: 'validation_failed',
        actor: admin ? 'admin' : 'device',
        device_id: request.deviceId,
        at: now.toISOString(),
        data: { call, code: decision.code },
      });
    }
    return answer({ ...base, code: decision.code, message: decision.message, license: decision.license, status: decision.status }, decision.retryAfter);
  }

  /** A refusal's audit event; while storage refuses writes the signed refusal is still answered. */
  async function audit(event: LicenseEvent): Promise<void> {
    await addLicenseEvent(db, event).catch((error: unknown) => log.warn(`licence audit event ${event.type} not written`, error));
  }

  async function auditRateLimited(call: LicenseCall, request: LicenseRequest, now: Date): Promise<void> {
    const license = await findLicenseByKeyHash(db, request.keySha256);
    if (!license) return;
    await audit({ license_id: license.id, type: 'rate_limited', actor: 'device', device_id: request.deviceId, at: now.toISOString(), data: { call } });
  }

  /** Product and status checks shared by activate and validate. */
  function refusal(request: LicenseRequest, license: LicenseDeviceRow, now: Date): Decision | undefined {
    if (license.app_type !== request.product) {
      const name = PRODUCT_NAMES[license.app_type] ?? license.app_type;
      return { code: 'PRODUCT_MISMATCH', message: `This license key is for ${name}, not ${PRODUCT_NAMES[request.product]}.`, license };
    }
    const status = licenseStatus(license, now);
    if (status === 'expired') return { code: 'LICENSE_EXPIRED', message: `License expired on ${license.expired_date}.`, license };
    if (status !== 'active') return { code: 'LICENSE_SUSPENDED', message: 'License is suspended. Please contact support.', license };
    return undefined;
  }

  return {
    activate: (req) =>
      run('activate', req, async (request, license, now) => {
        const refused = refusal(request, license, now);
        if (refused) return refused;
        const outcome = await bindDevice(db, {
          licenseId: license.id,
          deviceId: request.deviceId,
          deviceName: request.deviceName,
          appVersion: request.appVersion,
          at: now.toISOString(),
          maxMoves: config.license.maxMoves,
          windowStart: new Date(now.getTime() - MOVE_WINDOW_MS).toISOString(),
          data: { ip: req.ip },
        });
        switch (outcome.kind) {
          case 'bound':
            return { code: 'ACTIVATED', message: 'License activated on this device.', license: outcome.license };
          case 'same':
            return { code: 'ALREADY_ACTIVATED', message: 'License is already active on this device.', license: outcome.license };
          case 'other':
            return {
              code: 'DEVICE_LIMIT_REACHED',
              message: `License is already activated on another device ("${outcome.license.device_name}"). Deactivate it there first.`,
              license: outcome.license,
            };
          case 'transfer_limit': {
            const wait = Math.max(1, Math.ceil((Date.parse(outcome.oldestMoveAt) + MOVE_WINDOW_MS - now.getTime()) / 1000));
            const message = `Too many device changes: at most ${config.license.maxMoves} per 30 days. Try again later or contact support.`;
            return { code: 'TRANSFER_LIMIT_REACHED', message, license: outcome.license, retryAfter: wait };
          }
          case 'missing':
            return { code: 'LICENSE_NOT_FOUND', message: 'License key not found.', license: undefined };
        }
      }),

    validate: (req) =>
      run('validate', req, async (request, license, now) => {
        const refused = refusal(request, license, now);
        if (refused) return refused;
        if (license.device_id === null) return { code: 'NOT_ACTIVATED', message: 'License is not activated on any device.', license };
        if (license.device_id !== request.deviceId) {
          return { code: 'DEVICE_MISMATCH', message: 'License is activated on another device.', license };
        }
        seen.note(license, request.deviceId, now, request.appVersion);
        return { code: 'VALID', message: 'License is valid.', license };
      }),

    async deactivate(req) {
      const admin = await isAdminCaller(req);
      return run(
        'deactivate',
        req,
        async (request, license, now) => {
          const outcome = await unbindDevice(db, { licenseId: license.id, deviceId: request.deviceId, actor: admin ? 'admin' : 'device', at: now.toISOString() });
          switch (outcome.kind) {
            case 'unbound':
              return { code: 'DEACTIVATED', message: 'License deactivated successfully.', license: outcome.license };
            case 'none':
              return { code: 'NOT_ACTIVATED', message: 'License is not activated on any device; nothing to do.', license, status: 200 };
            case 'mismatch':
              return { code: 'DEVICE_MISMATCH', message: 'This device is not the one the license is activated on.', license: outcome.license };
            case 'missing':
              return { code: 'LICENSE_NOT_FOUND', message: 'License key not found.', license: undefined };
          }
        },
        admin,
      );
    },

    publicKey: () => {
      const current = signer.publicKeys[0]!;
      return reply(
        200,
        { success: true, alg: 'Ed25519', kid: current.kid, public_key_pem: current.public_key_pem, jwk: current.jwk, keys: signer.publicKeys },
        { 'Cache-Control': 'public, max-age=3600' },
      );
    },
  };
}

function tooMany(wait: number): string {
  return `Too many requests. Try again in ${wait} seconds.`;
}
