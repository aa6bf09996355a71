/**
 * Generates malformed requests across every API route, from a seeded random source so a failure
 * can be replayed: wrong methods, random and huge JSON, wrong types, deep nesting, invalid UTF-8,
 * broken multipart, absurd query strings, long paths. Shared by the fuzz test and the fuzz bench.
 */
import { request } from 'node:http';
import type { Agent } from 'node:http';

export const API_ROUTES: ReadonlyArray<readonly [method: string, path: string]> = [
  ['GET', '/api/admin/check'],
  ['POST', '/api/admin/login'],
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/license/list'],
  ['POST', '/api/license/create'],
  ['GET', '/api/license/download/:license_key'],
  ['POST', '/api/license/extend/:id'],
  ['POST', '/api/license/shorten/:id'],
  ['DELETE', '/api/license/delete/:id'],
  ['GET', '/api/license/events/:id'],
  ['POST', '/api/license/activate'],
  ['POST', '/api/license/validate'],
  ['POST', '/api/deactivate_license'],
  ['GET', '/api/license/public-key'],
  ['GET', '/api/loopstream/list'],
  ['POST', '/api/loopstream/create'],
  ['GET', '/api/loopstream/download/:id'],
  ['DELETE', '/api/loopstream/delete/:id'],
  ['GET', '/api/config/list'],
  ['POST', '/api/config/initialize'],
  ['POST', '/api/config/set'],
  ['PUT', '/api/config/update/:id'],
  ['POST', '/api/config/template/preview'],
  ['GET', '/api/prompt/list'],
  ['POST', '/api/prompt/create'],
  ['PUT', '/api/prompt/update/:id'],
  ['DELETE', '/api/prompt/delete/:id'],
  ['GET', '/api/prompt/image/:filename'],
];

export type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer };

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
  'email', 'expired_date', 'app_type', 'days', 'license_key', 'device_id', 'device_name', 'nonce', 'product',
  'package_type', 'customer_name', 'ip_server', 'config_key', 'config_value', 'description', 'template',
  'title', 'prompt_template', 'prompt_music', 'username', 'password', '__proto__', 'constructor',
];

const NASTY_STRINGS = [
  '', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', "'; DROP TABLE licenses; --", '" OR 1=1 --',
  '<script>alert(1)</script>', '../../etc/passwd', '%2e%2e%2f', '..\\..\\windows', '\u0000', '\ud800',
  '😀'.repeat(50), 'a'.repeat(5000), '{expired_date}', '${7*7}', 'x@y', 'not-an-email', '2026-13-45T99:99',
  '9999-12-31T23:59:59Z', '255.255.255.256', '::1', 'loopbot', 'loopstream', 'Paket 1', 'Paket 3',
];

/** encodeURIComponent throws on lone surrogates; then send the string's raw UTF-16 escaped. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return escape(text);
  }
}

export function makeFuzzer(seed: number): () => FuzzRequest {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (max: number): number => Math.floor(random() * max);

  const value = (depth: number): unknown => {
    switch (int(depth > 3 ? 6 : 9)) {
      case 0: return pick(NASTY_STRINGS);
      case 1: return int(2) === 0 ? int(1000) - 500 : random() * 1e20;
      case 2: return null;
      case 3: return int(2) === 0;
      case 4: return pick(NASTY_STRINGS) + String(int(100000));
      case 5: return -0;
      case 6: return Array.from({ length: int(5) }, () => value(depth + 1));
      case 7: return Object.fromEntries(Array.from({ length: int(5) }, () => [pick(FIELDS), value(depth + 1)]));
      default: return { nested: value(depth + 1) };
    }
  };

  const param = (): string =>
    pick([
      String(int(100)),
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

  const body = (): { body?: Buffer; type?: string } => {
    switch (int(10)) {
      case 0: return {};
      case 1: return { body: Buffer.from(JSON.stringify(value(0))), type: 'application/json' };
      case 2: return { body: Buffer.from('{"a":'), type: 'application/json' };
      case 3: return { body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), type: 'application/json' };
      case 4: {
        let nested = '1';
        for (let index = 0; index < 5000; index++) nested = `[${nested}]`;
        return { body: Buffer.from(nested), type: 'application/json' };
      }
      case 5: return { body: Buffer.alloc(1024 * 1024 + 10 + int(1000), 0x61), type: 'application/json' };
      case 6:
        return {
          body: Buffer.from(`--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\n${pick(NASTY_STRINGS)}\r\n--XX\r\nContent-Disp`),
          type: 'multipart/form-data; boundary=XX',
        };
      case 7: return { body: Buffer.from('title=x&prompt_template=y'), type: 'application/x-www-form-urlencoded' };
      case 8:
        return {
          body: Buffer.from(JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value(2)])))),
          type: pick(['application/json', 'text/plain', 'application/json; charset=latin1', '']),
        };
      default: return { body: Buffer.from(pick(NASTY_STRINGS)), type: 'application/json' };
    }
  };

  return () => {
    const [routeMethod, pattern] = pick(API_ROUTES);
    let path = pattern.replace(/:[a-z_]+/g, param);
    const roll = int(20);
    if (roll === 0) path += '/' + 'x'.repeat(4000);
    else if (roll === 1) path = path.replace('/api/', '/api//');
    const query = int(4) === 0 ? `?${pick(['page', 'per_page', 'search', 'q'])}=${param()}&page=${param()}&${'z'.repeat(int(2000))}=1` : '';
    const method = int(5) === 0 ? pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) : routeMethod;
    const { body: payload, type } = method === 'GET' || method === 'HEAD' ? {} : body();
    const headers: Record<string, string> = {};
    if (type) headers['content-type'] = type;
    if (int(8) === 0) headers.origin = 'https://evil.example';
    return { method, path: path + query, headers, body: payload };
  };
}

export type FuzzAnswer = { status: number; error?: string };

/** Sends one request with node:http (fetch would refuse some of these). */
export function send(base: URL, fuzz: FuzzRequest, agent: Agent, cookie?: string): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const headers = { ...fuzz.headers, ...(cookie ? { cookie } : {}) };
    const req = request(
      { host: base.hostname, port: base.port, method: fuzz.method, path: fuzz.path, headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? 0, error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, error: error.message }));
    req.end(fuzz.body);
  });
}
