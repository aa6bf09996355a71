/**
 * JavaScript a page transfers, as the real server sends it to a browser that accepts brotli: each
 * script URL the page fetched during its load is requested again with `Accept-Encoding: br` and
 * the bytes on the wire counted (headers aside). The service worker's precache of the whole site,
 * fetched after the page for offline use, is not the page's load and is not counted.
 */
import { request } from 'node:http';

export type JsTransfer = { bytes: number; files: number; notBrotli: string[] };

function wireSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function jsTransferred(urls: Iterable<string>): Promise<JsTransfer> {
  const unique = [...new Set(urls)];
  const sizes = await Promise.all(unique.map(wireSize));
  return {
    bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
    files: unique.length,
    notBrotli: unique.filter((_, index) => sizes[index]!.encoding !== 'br'),
  };
}
