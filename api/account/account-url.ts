/**
 * The absolute address of /lisensi for links in e-mails, files and the licence API's refusals:
 * the configured public address when there is one, else the origin the request came to.
 */
import type { ServerConfig } from '../config';
import type { ApiRequest } from '../http/api-request';

export const ACCOUNT_PATH = '/lisensi';

function configuredOrigin(config: ServerConfig): string | undefined {
  const url = (config as { publicUrl?: string | null }).publicUrl;
  return typeof url === 'string' && url !== '' ? url.replace(/\/+$/, '') : undefined;
}

/** The request's own origin: with TRUST_PROXY the proxy's host and scheme. */
function requestOrigin(req: ApiRequest): string {
  const forwarded = req.config.trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const host = String(forwarded ?? req.headers.host ?? 'localhost')
    .split(',')[0]!
    .trim();
  return `${req.secure ? 'https' : 'http'}://${host}`;
}

/** `https://shop.example/lisensi` (with `suffix`, e.g. `#token=...`). */
export function accountUrl(config: ServerConfig, req?: ApiRequest, suffix = ''): string | undefined {
  const origin = configuredOrigin(config) ?? (req ? requestOrigin(req) : undefined);
  return origin === undefined ? undefined : `${origin}${ACCOUNT_PATH}${suffix}`;
}
