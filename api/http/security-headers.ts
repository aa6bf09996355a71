/**
 * Sent on every answer. Scripts only from our origin (no inline script); inline style attributes
 * are allowed because prerendered React markup carries them. YouTube's no-cookie player may be
 * framed by our pages, while nobody may frame ours. Fetches, fonts, media, workers and the
 * manifest fall back to default-src 'self', so they are not spelled out: these bytes go with
 * every answer.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const BASE_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

export function securityHeaders(secure: boolean): ReadonlyArray<[string, string]> {
  return secure ? [...BASE_HEADERS, ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : BASE_HEADERS;
}

/** The same, flat (name, value, name, value...) as node:http's writeHead takes a header list. */
export const SECURITY_HEADER_LISTS = {
  plain: securityHeaders(false).flat(),
  secure: securityHeaders(true).flat(),
};
