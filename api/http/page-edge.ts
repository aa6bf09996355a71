import type { IncomingMessage, ServerResponse } from 'node:http';
import { securityHeaders } from './security-headers';

/** Built once: these answers (API, 404, 405) carry no page, so no inline-script hash. */
const PLAIN = securityHeaders(false);
const SECURE = securityHeaders(true);
import type { StaticFiles } from './static-files';

export function setSecurityHeaders(res: ServerResponse, secure: boolean): void {
  for (const [name, value] of secure ? SECURE : PLAIN) res.setHeader(name, value);
}

/**
 * Pages and assets: answered from memory with precomputed headers, the hottest path there is.
 * `site.statics` is read per request: the storefront swaps in a new table when pages change.
 */
export function createPageEdge(site: {
  readonly statics: StaticFiles;
}): (raw: IncomingMessage, res: ServerResponse, path: string, secure: boolean) => void {
  return (raw, res, path, secure) => {
    if (raw.method !== 'GET' && raw.method !== 'HEAD') {
      setSecurityHeaders(res, secure);
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    const { statics } = site;
    const { notFound } = statics;
    const file = statics.lookup(path);
    if (file) {
      // The 404 page asked for by name is still a 404, so crawlers never index it.
      statics.send(raw, res, file, secure, file === notFound ? 404 : 200);
      return;
    }
    if (notFound) {
      statics.send(raw, res, notFound, secure, 404);
      return;
    }
    setSecurityHeaders(res, secure);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Halaman tidak ditemukan');
  };
}
