import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { acceptedEncodings } from './accept-encoding';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Hashed build output (`name-HASH.ext` under /assets/) never changes: cache it for a year. */
const HASHED_ASSET = /^\/assets\/.+-[A-Z0-9]{8,}\.[a-z0-9]+$/i;

type Variant = { body: Buffer; etag: string };
type StaticFile = {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`; `*` matches anything. */
function matchesEtag(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

function cacheControlFor(urlPath: string): string {
  if (HASHED_ASSET.test(urlPath)) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || urlPath === '/sw.js' || urlPath.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=86400';
}

/**
 * The whole build output, read into memory once at start (a few MB): answers need no disk access,
 * and a request path can only ever name a file that is in this map, so nothing outside the
 * folder can be reached whatever the path says.
 */
export class StaticFiles {
  private constructor(private readonly files: Map<string, StaticFile>) {}

  static async load(root: string): Promise<StaticFiles> {
    const files = new Map<string, StaticFile>();
    const paths = await walk(root);
    const present = new Set(paths);
    for (const path of paths) {
      if (path.endsWith('.br') || path.endsWith('.gz')) continue;
      const urlPath = '/' + relative(root, path).split(sep).join('/');
      const body = await readFile(path);
      const file: StaticFile = {
        type: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: cacheControlFor(urlPath),
        identity: { body, etag: etagOf(body) },
      };
      if (present.has(`${path}.br`)) {
        const br = await readFile(`${path}.br`);
        file.br = { body: br, etag: etagOf(body, '-br') };
      }
      if (present.has(`${path}.gz`)) {
        const gzip = await readFile(`${path}.gz`);
        file.gzip = { body: gzip, etag: etagOf(body, '-gz') };
      }
      files.set(urlPath, file);
    }
    return new StaticFiles(files);
  }

  /** Maps a clean route (`/loopbot`) or a file path to a file in the build output. */
  lookup(pathname: string): StaticFile | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) return undefined;
    if (decoded === '/') return this.files.get('/index.html');
    const trimmed = decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
    return this.files.get(trimmed) ?? (extname(trimmed) === '' ? this.files.get(`${trimmed}.html`) : undefined);
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath);
  }

  /** Writes the file with content negotiation (br, gzip) and conditional GET (ETag, 304). */
  send(req: IncomingMessage, res: ServerResponse, file: StaticFile, status = 200): void {
    const accepted = acceptedEncodings(String(req.headers['accept-encoding'] ?? ''));
    let variant = file.identity;
    let encoding: string | undefined;
    if (file.br && accepted.has('br')) {
      variant = file.br;
      encoding = 'br';
    } else if (file.gzip && accepted.has('gzip')) {
      variant = file.gzip;
      encoding = 'gzip';
    }
    const headers: Record<string, string | number> = {
      'Content-Type': file.type,
      'Cache-Control': status === 200 ? file.cacheControl : 'no-cache',
      ETag: variant.etag,
    };
    if (file.br || file.gzip) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    const ifNoneMatch = req.headers['if-none-match'];
    if (status === 200 && ifNoneMatch && matchesEtag(ifNoneMatch, variant.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['Content-Length'] = variant.body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }
}
