import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, relative, sep } from 'node:path';
import { acceptedEncodings } from './accept-encoding';
import { listFiles } from './public-files';

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

const DOT_DOT_SEGMENT = /(?:^|\/)\.\.(?:\/|$)/;

/** Hashed build output (`name-HASH.ext` under /assets/) never changes: cache it for a year. */
const HASHED_ASSET = /^\/assets\/.+-[A-Z0-9]{8,}\.[a-z0-9]+$/i;

/** Header lines as node:http's writeHead takes them without merging: name, value, name, value... */
export type HeaderList = readonly string[];

/** The headers every answer carries (security headers), over plain http and over https. */
export type CommonHeaders = { plain: HeaderList; secure: HeaderList };

type Variant = {
  body: Buffer;
  etag: string;
  encoding?: string;
  /** Whole header lists per status and scheme, made on first use: a request only picks one. */
  headerLists: Map<number, HeaderList>;
};
type StaticFile = {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

/** One file's bytes for the table, with its precompressed forms when it has them. */
export type FileContent = { urlPath: string; body: Buffer; br?: Buffer; gzip?: Buffer };

function staticFile({ urlPath, body, br, gzip }: FileContent): StaticFile {
  const variant = (bytes: Buffer, etag: string, encoding?: string): Variant => ({
    body: bytes,
    etag,
    encoding,
    headerLists: new Map(),
  });
  const file: StaticFile = {
    type: CONTENT_TYPES[extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
    cacheControl: cacheControlFor(urlPath),
    identity: variant(body, etagOf(body)),
  };
  if (br) file.br = variant(br, etagOf(body, '-br'), 'br');
  if (gzip) file.gzip = variant(gzip, etagOf(body, '-gz'), 'gzip');
  return file;
}

function etagOf(body: Buffer, suffix = ''): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;
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
  /** The 404 page, looked up once per table: every unknown page answers with it. */
  readonly notFound: StaticFile | undefined;

  private constructor(
    private readonly files: Map<string, StaticFile>,
    private readonly common: CommonHeaders,
  ) {
    this.notFound = files.get('/404.html');
  }

  static async load(root: string, common: CommonHeaders): Promise<StaticFiles> {
    const files = new Map<string, StaticFile>();
    const paths = await listFiles(root);
    const present = new Set(paths);
    for (const path of paths) {
      if (path.endsWith('.br') || path.endsWith('.gz')) continue;
      const urlPath = '/' + relative(root, path).split(sep).join('/');
      const br = present.has(`${path}.br`) ? await readFile(`${path}.br`) : undefined;
      const gzip = present.has(`${path}.gz`) ? await readFile(`${path}.gz`) : undefined;
      files.set(urlPath, staticFile({ urlPath, body: await readFile(path), br, gzip }));
    }
    return new StaticFiles(files, common);
  }

  /**
   * A new table with these files added or replaced (pages rendered again, an uploaded image);
   * the server swaps it in whole, so a request sees either the old table or the new one.
   */
  withFiles(replacements: readonly FileContent[]): StaticFiles {
    const files = new Map(this.files);
    for (const replacement of replacements) files.set(replacement.urlPath, staticFile(replacement));
    return new StaticFiles(files, this.common);
  }

  /** Maps a clean route (`/loopbot`) or a file path to a file in the build output. */
  lookup(pathname: string): StaticFile | undefined {
    let decoded = pathname;
    if (pathname.includes('%')) {
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return undefined;
      }
    }
    if (decoded.includes('\0') || decoded.includes('\\') || DOT_DOT_SEGMENT.test(decoded)) return undefined;
    if (decoded === '/') return this.files.get('/index.html');
    const trimmed = decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
    return this.files.get(trimmed) ?? (extname(trimmed) === '' ? this.files.get(`${trimmed}.html`) : undefined);
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath);
  }

  /**
   * Writes the file with content negotiation (br, gzip) and conditional GET (ETag, 304). Every
   * header is in one list made at load: no header is set or merged per request.
   */
  send(req: IncomingMessage, res: ServerResponse, file: StaticFile, secure: boolean, status = 200): void {
    let variant = file.identity;
    if (file.br || file.gzip) {
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      if (file.br && accepted.has('br')) variant = file.br;
      else if (file.gzip && accepted.has('gzip')) variant = file.gzip;
    }
    const ifNoneMatch = req.headers['if-none-match'];
    if (status === 200 && ifNoneMatch && matchesEtag(ifNoneMatch, variant.etag)) {
      res.writeHead(304, this.headerList(file, variant, 304, secure) as string[]);
      res.end();
      return;
    }
    res.writeHead(status, this.headerList(file, variant, status, secure) as string[]);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  }

  private headerList(file: StaticFile, variant: Variant, status: number, secure: boolean): HeaderList {
    const key = status * 2 + (secure ? 1 : 0);
    let list = variant.headerLists.get(key);
    if (!list) {
      const headers = [...(secure ? this.common.secure : this.common.plain)];
      // A file sent as an error page (the 404 page) must never be cached as a success.
      headers.push(
        'Content-Type',
        file.type,
        'Cache-Control',
        status === 200 || status === 304 ? file.cacheControl : 'no-cache',
        'ETag',
        variant.etag,
      );
      if (file.br || file.gzip) headers.push('Vary', 'Accept-Encoding');
      if (variant.encoding) headers.push('Content-Encoding', variant.encoding);
      if (status !== 304) headers.push('Content-Length', String(variant.body.length));
      list = headers;
      variant.headerLists.set(key, list);
    }
    return list;
  }
}
