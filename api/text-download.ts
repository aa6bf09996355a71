import { attachment, HANDLED } from './http';
import type { ApiRequest } from './http';

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
