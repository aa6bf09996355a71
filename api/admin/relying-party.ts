/**
 * The WebAuthn relying party: the shop's own address. A passkey is bound to its RP id (a domain,
 * never an IP address) and every ceremony checks the browser's origin against it, so both come
 * from the configured address; a request's Host header is trusted only on localhost, where a
 * development or test server runs on whatever port it got.
 */
import type { ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';

export type RelyingParty = { id: string; origin: string; name: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function fromRequestHost(req: ApiRequest): RelyingParty | undefined {
  const host = String(req.headers.host ?? '');
  const name = host.replace(/:[0-9]+$/, '');
  if (name !== 'localhost') return undefined;
  return { id: 'localhost', origin: `${req.secure ? 'https' : 'http'}://${host}`, name: 'LoopBOT admin' };
}

export function relyingParty(req: ApiRequest): RelyingParty {
  const configured = req.config.publicUrl;
  if (configured) {
    const url = new URL(configured);
    if (!LOCAL_HOSTS.has(url.hostname)) return { id: url.hostname, origin: url.origin, name: 'LoopBOT admin' };
  }
  const local = fromRequestHost(req);
  if (!local)
    throw new HttpError(400, 'Passkeys need the shop opened at its own address (PUBLIC_URL), or at http://localhost');
  return local;
}
