import type { ApiRequest } from './api-request';
import { HttpError } from './http-error';

/**
 * Whether a change comes from another site: Sec-Fetch-Site says so, or an Origin that is not this
 * host (an opaque `null` origin included). Changes made with a session must come from our own pages.
 */
export function isCrossSite(req: ApiRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  const expected = req.config.trustProxy
    ? String(req.headers['x-forwarded-host'] ?? req.headers.host)
    : req.headers.host;
  return host !== expected;
}

/** Refuses a cross-site change (SameSite cookies plus this check). */
export function rejectCrossSite(req: ApiRequest): void {
  if (isCrossSite(req)) throw new HttpError(403, 'Cross-site request refused');
}
