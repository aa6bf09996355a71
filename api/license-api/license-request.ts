import { HttpError, readJson } from '../http/http';
import type { ApiRequest } from '../http/http';
import type { LicenseCall } from './license-answer';
import { hashLicenseKey, normalizeLicenseKey } from '../licenses/license-keys';

/** Room for a 10 KB key to be refused by name (400) rather than by size; larger bodies get 413. */
export const LICENSE_BODY_LIMIT = 32 * 1024;

const KEY_MAX = 128;
const KEY_PATTERN = /^[A-Za-z0-9-]+$/;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
const NONCE_PATTERN = /^[A-Za-z0-9._:~+/=-]{8,128}$/;
const VERSION_PATTERN = /^[A-Za-z0-9._+-]{1,32}$/;
// Printable: no control, format, surrogate, private-use or unassigned code points.
const PRINTABLE = /^\P{C}+$/u;
const PRODUCTS = ['loopbot', 'loopstream'] as const;

export type LicenseRequest = {
  licenseKey: string;
  keySha256: string;
  deviceId: string;
  /** Activate only. */
  deviceName: string;
  product: (typeof PRODUCTS)[number];
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

/** The JSON body; a bad content type, bad JSON or oversized body becomes an InvalidLicenseRequest. */
export async function readLicenseBody(req: ApiRequest): Promise<Record<string, unknown>> {
  try {
    return await readJson(req, LICENSE_BODY_LIMIT);
  } catch (error) {
    if (error instanceof HttpError) {
      const message = error.status === 413 ? `Request body too large (max ${LICENSE_BODY_LIMIT} bytes)` : error.message;
      throw new InvalidLicenseRequest(error.status, message);
    }
    throw error;
  }
}

function text(body: Record<string, unknown>, field: string, required: boolean, nonce: string | null): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw new InvalidLicenseRequest(400, `${field} is required`, nonce);
    return undefined;
  }
  if (typeof value !== 'string') throw new InvalidLicenseRequest(400, `${field} must be a string`, nonce);
  return value;
}

function readNonce(body: Record<string, unknown>): string | null {
  const value = body.nonce;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !NONCE_PATTERN.test(value)) {
    throw new InvalidLicenseRequest(400, 'nonce must be 8-128 characters of A-Z a-z 0-9 . _ : ~ + / = -');
  }
  return value;
}

/** The body's nonce when it is well formed, else null: echoed even in answers that refuse the rest. */
export function nonceOf(body: Record<string, unknown>): string | null {
  try {
    return readNonce(body);
  } catch {
    return null;
  }
}

/** Checks every field of one call's body; the first bad field is named in the error. */
export function parseLicenseRequest(call: LicenseCall, body: Record<string, unknown>): LicenseRequest {
  const nonce = readNonce(body);
  const fail = (message: string): never => {
    throw new InvalidLicenseRequest(400, message, nonce);
  };

  const rawKey = text(body, 'license_key', true, nonce)!.trim();
  if (rawKey === '') fail('license_key is required');
  if (rawKey.length > KEY_MAX) fail(`license_key is too long (max ${KEY_MAX} characters)`);
  if (!KEY_PATTERN.test(rawKey)) fail('license_key may contain only letters, digits and dashes');

  const deviceId = text(body, 'device_id', true, nonce)!;
  if (deviceId === '') fail('device_id is required');
  if (!DEVICE_ID_PATTERN.test(deviceId)) fail('device_id must be 8-128 characters of A-Z a-z 0-9 . _ : -');

  let deviceName = '';
  if (call === 'activate') {
    deviceName = text(body, 'device_name', true, nonce)!.trim();
    if (deviceName === '') fail('device_name is required');
    if ([...deviceName].length > 64) fail('device_name is too long (max 64 characters)');
    if (!PRINTABLE.test(deviceName)) fail('device_name must contain only printable characters');
  }

  const productText = call === 'activate' ? text(body, 'product', false, nonce)?.trim().toLowerCase() : undefined;
  const product = PRODUCTS.find((name) => name === (productText ?? 'loopbot'));
  if (!product) fail('product must be loopbot or loopstream');

  let appVersion: string | null = null;
  if (call !== 'deactivate') {
    appVersion = text(body, 'app_version', false, nonce)?.trim() ?? null;
    if (appVersion !== null && !VERSION_PATTERN.test(appVersion)) fail('app_version must be 1-32 characters of A-Z a-z 0-9 . _ + -');
  }

  const licenseKey = normalizeLicenseKey(rawKey);
  return { licenseKey, keySha256: hashLicenseKey(licenseKey), deviceId, deviceName, product: product!, nonce, appVersion };
}
