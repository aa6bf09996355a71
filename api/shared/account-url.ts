/**
 * The absolute address of /lisensi for links in e-mails, files and the licence API's refusals:
 * always from PUBLIC_URL (docs/spec.md#shop-address), never from the request's Host header, which
 * a stranger asking for someone else's sign-in link could set to their own site.
 */
import { PATHS } from '../../contract/rules/paths';
import type { ServerConfig } from '../config';

/** `https://shop.example/lisensi` (with `suffix`, e.g. `#token=...`). */
export function accountUrl(config: Pick<ServerConfig, 'publicUrl'>, suffix = ''): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${PATHS.licenses}${suffix}`;
}
