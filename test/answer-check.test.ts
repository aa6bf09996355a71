import { brotliCompressSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allowTestRoutes, checkAnswer } from './answer-check';
import type { ReceivedAnswer } from './answer-check';

const BASE = 'http://127.0.0.1:1';
const JSON_TYPE = 'application/json; charset=utf-8';
const LOOPSTREAM = {
  id: 1,
  package_type: 'Paket 1',
  customer_name: 'Budi',
  buyer_email: null,
  ip_server: '203.0.113.7:5000',
  expired_date: '2026-12-31T10:00:00.000Z',
  created_at: '2026-06-01T00:00:00.000Z',
  order_id: null,
};

function json(method: string, path: string, status: number, body: unknown): ReceivedAnswer {
  return { method, url: BASE + path, status, contentType: JSON_TYPE, body: JSON.stringify(body) };
}

function refusal(answer: ReceivedAnswer): string {
  try {
    checkAnswer(answer);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

test('a matching answer passes; paths are matched with their parameters, query strings ignored', () => {
  checkAnswer(json('GET', '/api/loopstream/list', 200, { success: true, loopstreams: [LOOPSTREAM] }));
  checkAnswer(json('DELETE', '/api/loopstream/delete/7', 404, { success: false, error: 'Loopstream not found' }));
  checkAnswer(
    json('GET', '/api/prompt/list?page=2&search=x', 200, {
      success: true,
      prompts: [],
      page: 1,
      per_page: 12,
      pages: 1,
      total: 0,
    }),
  );
  checkAnswer(json('GET', '/healthz', 200, { ok: true }));
});

test('a stray field, a missing field, a wrong type or a bad date fails, naming method, path, status and the field', () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ success: true, loopstreams: [{ ...LOOPSTREAM, secret: 'x' }] }, /additionalProperty.*secret/],
    [{ success: true }, /loopstreams/],
    [{ success: true, loopstreams: [{ ...LOOPSTREAM, id: '1' }] }, /\/loopstreams\/0\/id must be integer/],
    [
      { success: true, loopstreams: [{ ...LOOPSTREAM, created_at: 'yesterday' }] },
      /created_at must match format "date-time"/,
    ],
  ];
  for (const [body, reason] of cases) {
    const message = refusal(json('GET', '/api/loopstream/list', 200, body));
    assert.match(message, /^GET \/api\/loopstream\/list → 200: does not match the schema/);
    assert.match(message, reason);
  }
});

test('an undocumented status fails; so does an unknown path answered with anything but the router’s 404/405 ErrorAnswer', () => {
  assert.match(
    refusal(json('GET', '/api/loopstream/list', 500, { success: false, error: 'x' })),
    /undocumented status \(declared: 200, 400, 401\)/,
  );
  checkAnswer(json('GET', '/api/nothing/here', 404, { success: false, error: 'Not found' }));
  checkAnswer(json('PATCH', '/api/config/set', 405, { success: false, error: 'Method not allowed' }));
  assert.match(refusal(json('GET', '/api/nothing/here', 200, { success: true })), /not in the document/);
  assert.match(refusal(json('GET', '/api/nothing/here', 404, { success: false, error: 'x', stack: 'at' })), /stack/);
});

test('the licence API: each status allows only its codes', () => {
  const answer = {
    success: false,
    valid: false,
    code: 'RATE_LIMITED',
    message: 'm',
    error: 'm',
    license: null,
    lease: null,
    server_time: '2026-06-01T00:00:00.000Z',
    nonce: null,
    signature: { alg: 'Ed25519', kid: '0123456789abcdef', payload: 'e30', sig: 's' },
  };
  checkAnswer(json('POST', '/api/license/validate', 429, answer));
  assert.match(refusal(json('POST', '/api/license/validate', 403, answer)), /allowedValues/);
  assert.match(refusal(json('POST', '/api/license/validate', 429, { ...answer, error: undefined })), /error/);
});

test('files and bodiless answers: status and content type only; HEAD bodies are not read; compressed bodies are decoded', () => {
  checkAnswer({
    method: 'GET',
    url: `${BASE}/api/prompt/image/${'a'.repeat(32)}.webp`,
    status: 200,
    contentType: 'image/webp',
    body: 'RIFF',
  });
  checkAnswer({ method: 'GET', url: `${BASE}/api/prompt/image/${'a'.repeat(32)}.webp`, status: 304, body: '' });
  assert.match(
    refusal({ method: 'GET', url: `${BASE}/api/prompt/image/x.webp`, status: 200, contentType: 'image/png', body: '' }),
    /content type image\/png, declared image\/webp/,
  );
  assert.match(
    refusal({
      method: 'GET',
      url: `${BASE}/api/loopstream/download/1`,
      status: 200,
      contentType: JSON_TYPE,
      body: '{}',
    }),
    /declared text\/plain/,
  );
  checkAnswer({ method: 'HEAD', url: `${BASE}/healthz`, status: 200, contentType: JSON_TYPE, body: '' });
  const list = JSON.stringify({ success: true, loopstreams: [] });
  checkAnswer({
    method: 'GET',
    url: `${BASE}/api/loopstream/list`,
    status: 200,
    contentType: JSON_TYPE,
    encoding: 'br',
    body: brotliCompressSync(list),
  });
  checkAnswer({ method: 'POST', url: '/api/prompt/create', status: 413 });
});

test('pages are not checked; routes a test mounted itself are checked only as errors', () => {
  checkAnswer({ method: 'GET', url: `${BASE}/no-such-page`, status: 404, contentType: 'text/html', body: '<html>' });
  allowTestRoutes([['GET', '/api/test/item/:id', () => undefined]]);
  checkAnswer(json('GET', '/api/test/item/7', 200, { success: true, id: '7' }));
  assert.match(refusal(json('GET', '/api/test/item/7', 500, { success: false, error: 'x', extra: 1 })), /extra/);
});

test.run();
