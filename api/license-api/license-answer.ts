import type { LicenseAnswer, LicenseCode, SignedPayload } from '../../contract/calls/license-answer';
import type { LicenseDeviceRow } from '../../data/licenses/devices';
import { licenseState } from '../../data/licenses/status';
import { DAY_MS, daysRemaining, isExpiryPassed } from '../../contract/rules/durations';
import type { LicenseCall } from '../shared/license-calls';
import type { LicenseSigner } from './license-signing';
import { maskLicenseKey } from '../licenses';

export const CODE_STATUS: Record<LicenseCode, number> = {
  ACTIVATED: 201,
  ALREADY_ACTIVATED: 200,
  VALID: 200,
  DEACTIVATED: 200,
  NOT_ACTIVATED: 403,
  INVALID_REQUEST: 400,
  LICENSE_NOT_FOUND: 404,
  PRODUCT_MISMATCH: 403,
  LICENSE_EXPIRED: 403,
  LICENSE_SUSPENDED: 403,
  DEVICE_MISMATCH: 403,
  DEVICE_LIMIT_REACHED: 409,
  TRANSFER_LIMIT_REACHED: 429,
  RATE_LIMITED: 429,
  TRIAL_ALREADY_USED: 403,
};

const VALID_CODES: ReadonlySet<LicenseCode> = new Set(['ACTIVATED', 'ALREADY_ACTIVATED', 'VALID']);
export const LEASE_MS = 7 * DAY_MS;

export type AnswerInput = {
  call: LicenseCall;
  code: LicenseCode;
  message: string;
  now: Date;
  /** The licence as it is after the call; undefined when the key is unknown or unread. */
  license?: LicenseDeviceRow | undefined;
  keySha256?: string | null | undefined;
  /** The requesting device (never the holder's id when it differs). */
  deviceId?: string | null | undefined;
  nonce?: string | null | undefined;
  /** NOT_ACTIVATED is a harmless 200 on deactivate. */
  status?: number;
  /** /lisensi, on a refusal the buyer can fix there. */
  accountUrl?: string | undefined;
};

/** The licence's state for the app: 'active', 'expired', or the stored word ('suspended'); see data/licenses/status.ts. */
export function appLicenseStatus(license: Pick<LicenseDeviceRow, 'status' | 'expired_date'>, now: Date): string {
  return licenseState(license.status, isExpiryPassed(license.expired_date, now));
}

/** Seven days of offline use, never past the licence's own expiry. */
export function leaseExpiry(expiredDate: string, now: Date): Date {
  return new Date(Math.min(now.getTime() + LEASE_MS, Date.parse(expiredDate)));
}

function isoOrNull(text: string | null, time = text === null ? NaN : Date.parse(text)): string | null {
  if (text === null) return null;
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** Builds the one answer shape and signs its payload; returns the HTTP status beside it. */
export function buildLicenseAnswer(signer: LicenseSigner, input: AnswerInput): { status: number; body: LicenseAnswer } {
  const { license, now, code } = input;
  const status = input.status ?? CODE_STATUS[code];
  const valid = VALID_CODES.has(code);
  const nowMs = now.getTime();
  const issuedAt = now.toISOString();
  const expiry = license ? Date.parse(license.expired_date) : NaN;
  const expiresAt = license ? isoOrNull(license.expired_date, expiry) : null;
  const lease =
    valid && license ? { issued_at: issuedAt, expires_at: leaseExpiry(license.expired_date, now).toISOString() } : null;
  const nonce = input.nonce ?? null;
  const derivedStatus = license ? appLicenseStatus(license, now) : null;
  const payload: SignedPayload = {
    v: 1,
    typ: input.call,
    code,
    valid,
    product: license?.app_type ?? null,
    license_id: license?.id ?? null,
    key_sha256: input.keySha256 ?? license?.key_sha256 ?? null,
    device_id: input.deviceId ?? null,
    status: derivedStatus,
    expires_at: expiresAt,
    issued_at: issuedAt,
    lease_expires_at: lease?.expires_at ?? null,
    nonce,
  };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const success = status < 400;
  const body: LicenseAnswer = {
    success,
    valid,
    code,
    message: input.message,
    ...(success ? {} : { error: input.message }),
    ...(input.accountUrl ? { account_url: input.accountUrl } : {}),
    license: license
      ? {
          key_masked: maskLicenseKey(license.license_key),
          product: license.app_type,
          status: derivedStatus!,
          expires_at: expiresAt!,
          days_remaining: daysRemaining(expiry, nowMs),
          device:
            license.device_id === null
              ? null
              : { device_name: license.device_name, activated_at: isoOrNull(license.device_activated_at) },
        }
      : null,
    lease,
    server_time: issuedAt,
    nonce,
    signature: { alg: 'Ed25519', kid: signer.kid, payload: encoded, sig: signer.sign(encoded) },
  };
  return { status, body };
}
