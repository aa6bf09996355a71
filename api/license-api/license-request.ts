import { hash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import * as calls from '../../contract/calls/license-app';
import type { AppType } from '../../contract/calls/licenses';
import { checkFields } from '../../contract/calls/check-fields';
import type { ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/read-body';
import type { LicenseCall } from '../shared/license-calls';
import { normalizeLicenseKey } from '../licenses';

/** Room for a 10 KB key to be refused by name (400) rather than by size; larger bodies get 413. */
export const LICENSE_BODY_LIMIT = 32 * 1024;

export type LicenseRequest = {
  licenseKey: string;
  keySha256: string;
  deviceId: string;
  /** Activate only. */
  deviceName: string;
  /** The app's product, LoopBOT when the body names none. */
  product: AppType;
  nonce: string | null;
  appVersion: string | null;
};

/** A refused request; carries what could be read so the signed denial still echoes the nonce. */
export class InvalidLicenseRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly nonce: string | null = null,
  ) {
    super(message);
  }
}

/** The JSON body; a bad content type, bad JSON or oversized body is answered as an InvalidLicenseRequest. */
export async function readLicenseBody(req: ApiRequest): Promise<Record<string, unknown> | InvalidLicenseRequest> {
  try {
    return await readJson(req, LICENSE_BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError) {
      const message = error.status === 413 ? `Request body too large (max ${LICENSE_BODY_LIMIT} bytes)` : error.message;
      return new InvalidLicenseRequest(error.status, message);
    }
    throw error;
  }
}

/** The contract of each call: its body schema gives the checks and their texts, nonce first. */
const CALLS = {
  activate: calls.activateLicense,
  validate: calls.validateLicense,
  deactivate: calls.deactivateLicense,
} as const;
const NONCE_ONLY = Type.Object({ nonce: calls.activateLicense.body.properties.nonce });

/** The body's nonce when it is well formed, else null: echoed even in answers that refuse the rest. */
export function nonceOf(body: Record<string, unknown>): string | null {
  const checked = checkFields<{ nonce?: string }>(NONCE_ONLY, body);
  return checked.ok ? (checked.value.nonce ?? null) : null;
}

type Fields = Partial<
  Record<'nonce' | 'license_key' | 'device_id' | 'device_name' | 'product' | 'app_version', string>
>;

/**
 * Checks every field of one call's body against its contract; the first bad field is named in the
 * refusal, which carries the body's nonce. Returned rather than thrown: the caller answers both.
 */
export function checkLicenseRequest(
  call: LicenseCall,
  body: Record<string, unknown>,
): LicenseRequest | InvalidLicenseRequest {
  const checked = checkFields<Fields>(CALLS[call].body, body);
  if (!checked.ok) return new InvalidLicenseRequest(400, checked.error, nonceOf(body));
  const fields = checked.value;
  const licenseKey = normalizeLicenseKey(fields.license_key!);
  return {
    licenseKey,
    // hashLicenseKey's value: the key is normalised already.
    keySha256: hash('sha256', licenseKey),
    deviceId: fields.device_id!,
    deviceName: fields.device_name ?? '',
    product: fields.product ? (fields.product.toLowerCase() as AppType) : 'loopbot',
    nonce: fields.nonce ?? null,
    appVersion: fields.app_version ?? null,
  };
}

/** checkLicenseRequest, throwing the refusal. */
export function parseLicenseRequest(call: LicenseCall, body: Record<string, unknown>): LicenseRequest {
  const request = checkLicenseRequest(call, body);
  if (request instanceof InvalidLicenseRequest) throw request;
  return request;
}
