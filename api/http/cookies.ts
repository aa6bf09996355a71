/**
 * Session cookies as every guard reads them: a cookie's value from the request, the shape of the
 * tokens they carry, and the hash a token is kept under in the database (the token itself is never
 * stored).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiRequest } from './api-request';

/** 32 random bytes in base64url: the 43 characters of every session, pending-login and e-mailed link token. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** 8 random bytes in hex: the id an admin session is shown and ended by, never its token. */
const PUBLIC_ID_PATTERN = /^[0-9a-f]{16}$/;

export function readCookie(req: ApiRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a value could be a token of ours: anything else is refused before it reaches the database. */
export function isToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function newPublicId(): string {
  return randomBytes(8).toString('hex');
}

export function isPublicId(value: string): boolean {
  return PUBLIC_ID_PATTERN.test(value);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
