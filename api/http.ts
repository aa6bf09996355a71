import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { acceptedEncodings } from './accept-encoding';
import type { Config } from './config';

/** Any error with a status is answered as `{success:false, error}` with that status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A handler's answer when it needs a status or headers other than 200 JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return new Reply(status, body, headers);
}

export type AdminIdentity = { adminId: number; tokenHash: string };

export type ApiRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  ip: string;
  /** True when the client reached us over https (directly or, with TRUST_PROXY, via the proxy). */
  secure: boolean;
  raw: IncomingMessage;
  res: ServerResponse;
  config: Config;
  admin?: AdminIdentity;
};

/** Returning this tells the edge the handler already wrote the answer (file streams). */
export const HANDLED = Symbol('handled');

export type Handler = (req: ApiRequest) => unknown;

export const JSON_LIMIT_BYTES = 1024 * 1024;

/** Reads the raw body up to `limit` bytes; a larger body is refused with 413 without reading it all. */
export function readBody(req: ApiRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new HttpError(413, 'Request body too large'));
  const raw = req.raw;
  if (raw.readableEnded) return Promise.resolve(Buffer.alloc(0));
  // The client hung up before the handler came to read (its 'close' has fired: no 'end' will come),
  // or a first read already refused this body and left it unread.
  if (raw.destroyed || raw.readableAborted || raw.isPaused()) return Promise.reject(notReceived());
  // Plain stream events rather than an async iterator: a licence check is a few hundred bytes,
  // and the iterator's promises per chunk cost more than reading them.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onAbort);
      raw.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Stop reading: the rest is left unread and the connection is closed with the 413.
        raw.pause();
        reject(new HttpError(413, 'Request body too large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onAbort = (): void => {
      cleanup();
      reject(notReceived());
    };
    const onClose = (): void => {
      if (!raw.readableEnded) onAbort();
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onAbort);
    raw.on('close', onClose);
  });
}

/** The client hung up mid-body: its fault, not a server error worth a stack in the log. */
function notReceived(): HttpError {
  return new HttpError(400, 'Request body was not received completely');
}

/** Reused: a fatal decoder keeps no state between whole (non-streaming) decodes. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a JSON object body. Empty body reads as {}. */
export async function readJson(req: ApiRequest, limit = JSON_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const body = await readBody(req, limit);
  if (body.length === 0) return {};
  if (!/^application\/([a-z0-9.+-]*\+)?json\b/.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(UTF8.decode(body));
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'JSON body must be an object');
  }
  return value as Record<string, unknown>;
}

/** Below this, compressing costs more time than it saves on the wire. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer serialized once, with its compressed forms made on first use: a handler may keep
 * one and answer it again (the public prompt list caches its pages this way).
 */
export class JsonBody {
  private brotli: Buffer | undefined;
  private gzip: Buffer | undefined;
  readonly text: Buffer;

  constructor(value: unknown) {
    this.text = Buffer.from(JSON.stringify(value));
  }

  /** The bytes for a client with this Accept-Encoding: brotli (quality 4, ~0.2 ms for 16 KB), gzip or plain. */
  encodedFor(acceptEncoding: string): { payload: Buffer; encoding?: string } {
    if (this.text.length < COMPRESS_FROM_BYTES) return { payload: this.text };
    const accepted = acceptedEncodings(acceptEncoding);
    if (accepted.has('br')) {
      this.brotli ??= brotliCompressSync(this.text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
      return { payload: this.brotli, encoding: 'br' };
    }
    if (accepted.has('gzip')) {
      this.gzip ??= gzipSync(this.text, { level: 5 });
      return { payload: this.gzip, encoding: 'gzip' };
    }
    return { payload: this.text };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = body instanceof JsonBody ? body : new JsonBody(body);
  const { payload, encoding } = json.encodedFor(String(res.req?.headers['accept-encoding'] ?? ''));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
    ...(json.text.length >= COMPRESS_FROM_BYTES ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...headers,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : payload);
}

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Reads a field as a trimmed string; missing gives undefined; another type is a 400. */
export function optionalString(body: Record<string, unknown>, field: string, maxLength = 10_000): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string`);
  if (value.length > maxLength) throw new HttpError(400, `${field} is too long (max ${maxLength} characters)`);
  return value.trim();
}

export function requiredString(body: Record<string, unknown>, field: string, maxLength = 10_000): string {
  const value = optionalString(body, field, maxLength);
  if (value === undefined || value === '') throw new HttpError(400, `${field} is required`);
  return value;
}

/** A positive integer route id, else 404 (an id that cannot exist is simply not found). */
export function idParam(req: ApiRequest, name = 'id'): number {
  const text = req.params[name] ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(text)) throw new HttpError(404, 'Not found');
  return Number(text);
}
