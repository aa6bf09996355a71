import { HttpError } from './http-error';
import type { ApiRequest } from './api-request';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

export const JSON_LIMIT_BYTES = 1024 * 1024;
/**
 * Bodies anyone may send before they are known (sign-in): a few KB, so nobody can make the server
 * read and parse a megabyte of nested arrays (~1 s of JSON.parse) without an account.
 */
export const PUBLIC_JSON_LIMIT_BYTES = 8 * 1024;

/** Reads the raw body up to `limit` bytes; a larger body is refused with 413 without reading it all. */
export function readBody(req: ApiRequest, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit)
    return Promise.reject(new HttpError(413, 'Request body too large'));
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
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  // Before anything walks it: the size is bounded by `limit`, the depth here.
  if (nestsDeeperThan(text)) {
    throw new HttpError(400, `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'JSON body must be an object');
  }
  return value as Record<string, unknown>;
}
