import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuildManifest } from '../../contract/build-manifest';

/**
 * Sent on every answer. Scripts only from our origin, plus the one inline script the build put in
 * the public pages, allowed by its hash (never 'unsafe-inline'); inline style attributes
 * are allowed because prerendered React markup carries them. YouTube's no-cookie player may be
 * framed by our pages, while nobody may frame ours. Fetches, fonts, media, workers and the
 * manifest fall back to default-src 'self', so they are not spelled out: these bytes go with
 * every answer.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://i.ytimg.com",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const baseHeaders = (scriptHashes: readonly string[]): ReadonlyArray<[string, string]> => [
  ['Content-Security-Policy', contentSecurityPolicy(scriptHashes)],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

export function securityHeaders(
  secure: boolean,
  scriptHashes: readonly string[] = [],
): ReadonlyArray<[string, string]> {
  const base = baseHeaders(scriptHashes);
  return secure ? [...base, ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : base;
}

/** The same, flat (name, value, name, value...) as node:http's writeHead takes a header list. */
export function securityHeaderLists(scriptHashes: readonly string[] = []): { plain: string[]; secure: string[] } {
  return { plain: securityHeaders(false, scriptHashes).flat(), secure: securityHeaders(true, scriptHashes).flat() };
}

/** The hash of the inline script in the built pages, from the build's manifest.json beside public/ (none without a build). */
export async function builtScriptHashes(publicDir: string): Promise<string[]> {
  const text = await readFile(join(dirname(publicDir), 'manifest.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  const manifest = JSON.parse(text) as BuildManifest;
  return manifest.boot ? [manifest.boot.sha256] : [];
}
