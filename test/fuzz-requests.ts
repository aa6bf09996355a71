/**
 * Requests for every call of the contract (CALLS), from a seeded random source so a failure can be
 * replayed: plausible ones (path ids, queries and bodies made from the call's schemas), broken
 * ones (one field wrong, missing or unknown), and garbage (wrong methods, random and huge JSON,
 * deep nesting, invalid UTF-8, broken multipart, absurd query strings, long paths). A call added
 * to the contract is fuzzed the day it is added. Shared by the fuzz test and the fuzz bench.
 */
import { request } from 'node:http';
import type { Agent } from 'node:http';
import { lynkSignature } from '../api/webhooks/lynk-signature';
import type { CallSpec } from '../contract/calls/call';
import { CALLS } from '../contract/calls/calls';
import { brokenObject, NASTY_STRINGS, plausible } from './fuzz-values';
import type { Dice } from './fuzz-values';
import { gradientPng } from './png-fixture';

export type FuzzRequest = {
  call: CallSpec;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};
export type FuzzOptions = {
  /** Signs most deliveries of the signature-checked call (the Lynk.id webhook) with this key. */
  merchantKey?: string;
  /** Texts that exist on the server by field or path parameter name (a licence key it issued). */
  known?: Readonly<Record<string, readonly string[]>>;
};

/** Mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  'email',
  'expired_date',
  'days',
  'license_key',
  'device_id',
  'title',
  'config_key',
  'plan_id',
  'event',
  '__proto__',
];
const PLAUSIBLE_PARAMS: Record<string, readonly string[]> = {
  id: ['1', '2', '3', '5'],
  license_key: ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', 'LB7Q2-XK9MN-4RT8W-ZP3QD'],
  filename: ['0123456789abcdef0123456789abcdef.webp'],
};
const IMAGE = gradientPng(48, 27);

/** encodeURIComponent throws on lone surrogates; then send the string's raw UTF-16 escaped. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return escape(text);
  }
}

type Payload = { body?: Buffer; type?: string };

function multipart(fields: Record<string, unknown>, files: string[], dice: Dice): Payload {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--XX\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  for (const name of files) {
    const bytes = dice.pick<Buffer>([IMAGE, Buffer.from('not an image'), Buffer.alloc(0)]);
    chunks.push(
      Buffer.from(
        `--XX\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(dice.int(10) === 0 ? '--XX' : '--XX--\r\n'));
  return { body: Buffer.concat(chunks), type: 'multipart/form-data; boundary=XX' };
}

export function makeFuzzer(seed: number, options: FuzzOptions = {}): () => FuzzRequest {
  const random = seededRandom(seed);
  const int = (max: number): number => Math.floor(random() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const dice: Dice = { pick, int, known: options.known };

  const value = (depth: number): unknown => {
    switch (int(depth > 3 ? 6 : 9)) {
      case 0:
        return pick(NASTY_STRINGS);
      case 1:
        return int(2) === 0 ? int(1000) - 500 : random() * 1e20;
      case 2:
        return null;
      case 3:
        return int(2) === 0;
      case 4:
        return pick(NASTY_STRINGS) + String(int(100000));
      case 5:
        return -0;
      case 6:
        return Array.from({ length: int(5) }, () => value(depth + 1));
      case 7:
        return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(FIELDS), value(depth + 1)]));
      default:
        return { nested: value(depth + 1) };
    }
  };

  const implausibleParam = (): string =>
    pick([
      '0',
      '-1',
      '99999999999999999999',
      '1.5',
      'abc',
      '%2e%2e',
      '..%2f..%2fetc%2fpasswd',
      '%00',
      '%E0%A4%A',
      'a'.repeat(3000),
      encodeLoosely(pick(NASTY_STRINGS)) || 'x',
    ]);

  const garbage = (): Payload => {
    switch (int(9)) {
      case 0:
        return {};
      case 1:
        return { body: Buffer.from(JSON.stringify(value(0))), type: 'application/json' };
      case 2:
        return { body: Buffer.from('{"a":'), type: 'application/json' };
      case 3:
        return { body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: 'application/json' };
      case 4:
        return { body: Buffer.from('['.repeat(5000) + '1' + ']'.repeat(5000)), type: 'application/json' };
      case 5:
        return { body: Buffer.alloc(1024 * 1024 + 10 + int(1000), 0x61), type: 'application/json' };
      case 6:
        return multipart({ title: pick(NASTY_STRINGS) }, [], dice);
      case 7:
        return { body: Buffer.from('title=x&prompt_template=y'), type: 'application/x-www-form-urlencoded' };
      default:
        return {
          body: Buffer.from(JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value(2)])))),
          type: pick(['application/json', 'text/plain', 'application/json; charset=latin1', '']),
        };
    }
  };

  /** A body made from the call's schema: plausible, or with one field broken. */
  const fromSchema = (call: CallSpec, plain: boolean): Payload => {
    if (call.form) {
      const fields = (plain ? plausible(call.form, dice) : brokenObject(call.form, dice)) as Record<string, unknown>;
      const properties = Object.entries(call.form.properties) as Array<[string, { contentMediaType?: string }]>;
      const files = properties.filter(([, field]) => field.contentMediaType).map(([name]) => name);
      for (const name of files) delete fields[name];
      return multipart(fields, int(3) === 0 ? files : [], dice);
    }
    if (!call.body) return plain ? {} : garbage();
    const body = plain ? plausible(call.body, dice) : brokenObject(call.body, dice);
    return { body: Buffer.from(JSON.stringify(body)), type: 'application/json' };
  };

  const signed = (call: CallSpec, body: Buffer | undefined): Record<string, string> => {
    if (call.auth !== 'signature' || !options.merchantKey || !body || int(4) === 0) return {};
    try {
      const delivery = JSON.parse(body.toString()) as {
        data?: { message_id?: unknown; message_data?: { refId?: unknown; totals?: { grandTotal?: unknown } } };
      };
      const data = delivery.data;
      const fields = {
        grandTotal: String(data?.message_data?.totals?.grandTotal),
        refId: String(data?.message_data?.refId),
        messageId: String(data?.message_id),
      };
      return { 'x-lynk-signature': lynkSignature(fields, options.merchantKey) };
    } catch {
      return {};
    }
  };

  return () => {
    const call: CallSpec = pick(CALLS);
    // 0-1 plausible, 2 one field broken, 3 garbage.
    const kind = int(4);
    const plain = kind < 2;
    let path = call.path.replace(/\{([a-z_]+)\}/g, (_whole, name: string) =>
      plain || int(2) === 0
        ? pick([...(PLAUSIBLE_PARAMS[name] ?? ['1']), ...(options.known?.[name] ?? [])])
        : implausibleParam(),
    );
    const roll = int(20);
    if (roll === 0) path += '/' + 'x'.repeat(4000);
    else if (roll === 1) path = path.replace('/api/', '/api//');
    let query = '';
    if (call.query && kind < 3) {
      const fields = (plain ? plausible(call.query, dice) : brokenObject(call.query, dice)) as Record<string, unknown>;
      query =
        '?' +
        Object.entries(fields)
          .map(([name, text]) => `${name}=${encodeLoosely(String(text))}`)
          .join('&');
    } else if (int(4) === 0) {
      query = `?${pick(['page', 'per_page', 'search', 'q', 'status'])}=${implausibleParam()}&page=${implausibleParam()}&${'z'.repeat(int(2000))}=1`;
    }
    const method = int(8) === 0 ? pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) : call.method;
    const { body, type } = method === 'GET' || method === 'HEAD' ? {} : kind < 3 ? fromSchema(call, plain) : garbage();
    const headers: Record<string, string> = { ...signed(call, body) };
    if (type) headers['content-type'] = type;
    if (int(8) === 0) headers.origin = 'https://evil.example';
    return { call, method, path: path + query, headers, body };
  };
}

export type FuzzAnswer = { status: number; contentType?: string; body?: Buffer; error?: string };

/** Sends one request with node:http (fetch would refuse some of these). */
export function send(base: URL, fuzz: FuzzRequest, agent: Agent, cookie?: string): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    // An explicit length: node:http sends a DELETE or OPTIONS body unframed otherwise, and its
    // bytes would reach the server as a malformed next request.
    const length = fuzz.body ? { 'content-length': String(fuzz.body.length) } : {};
    const headers = { ...fuzz.headers, ...length, ...(cookie ? { cookie } : {}) };
    const req = request(
      { host: base.hostname, port: base.port, method: fuzz.method, path: fuzz.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const answer = (): FuzzAnswer => ({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          body: Buffer.concat(chunks),
        });
        res.on('end', () => resolve(answer()));
        res.on('error', (error) => resolve({ ...answer(), error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, error: error.message }));
    req.end(fuzz.body);
  });
}
