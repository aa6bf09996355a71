import { HANDLED } from './api-request';
import type { ApiRequest } from './api-request';

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers a UTF-8 text file to save under `fileName`; never cached (it may carry credentials). */
export function sendTextDownload(req: ApiRequest, fileName: string, text: string): typeof HANDLED {
  const body = Buffer.from(text, 'utf8');
  req.res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Disposition': attachment(fileName),
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  req.res.end(req.method === 'HEAD' ? undefined : body);
  return HANDLED;
}
