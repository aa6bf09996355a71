/** Readers for fields of admin request bodies that more than one resource shares. */
import { HttpError, optionalString, requiredString } from '../http/http';
import type { AppType } from '../licenses/license-keys';

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** `app_type` of a body: `loopbot` when missing or empty, else exactly `loopbot` or `loopstream`. */
export function readAppType(body: Record<string, unknown>): AppType {
  const value = optionalString(body, 'app_type', 20) || 'loopbot';
  if (value !== 'loopbot' && value !== 'loopstream') throw new HttpError(400, 'app_type must be loopbot or loopstream');
  return value;
}

export function readEmail(body: Record<string, unknown>): string {
  const email = requiredString(body, 'email', 254);
  if (!EMAIL.test(email)) throw new HttpError(400, 'email must be a valid e-mail address');
  return email;
}

/** A required one-line text: line breaks or control characters would forge lines in the files we write. */
export function readLine(body: Record<string, unknown>, field: string, maxLength: number): string {
  const value = requiredString(body, field, maxLength);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new HttpError(400, `${field} must be a single line of text`);
  return value;
}
