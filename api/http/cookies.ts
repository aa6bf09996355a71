/**
 * Session cookies as every guard reads them: a cookie's value from the request, and the hash a
 * session token is kept under in the database (the token itself is never stored).
 */
import { createHash } from 'node:crypto';
import type { ApiRequest } from './api-request';

export function readCookie(req: ApiRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
