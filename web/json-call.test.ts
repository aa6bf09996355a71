import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchJson, toAnswer } from './json-call';

const realFetch = globalThis.fetch;

test.after.each(() => {
  globalThis.fetch = realFetch;
});

test('fetchJson sends JSON with the cookie, a body only when there is one, and adds init', async () => {
  const seen: Array<{ path: string; init: RequestInit }> = [];
  globalThis.fetch = (async (path: string, init: RequestInit) => {
    seen.push({ path, init });
    return new Response('{}');
  }) as typeof fetch;
  await fetchJson('POST', '/api/x', { a: 1 }, { cache: 'no-store' });
  await fetchJson('GET', '/api/y', undefined);
  assert.equal(seen[0], {
    path: '/api/x',
    init: {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
      credentials: 'same-origin',
      cache: 'no-store',
    },
  });
  assert.equal(seen[1], {
    path: '/api/y',
    init: { method: 'GET', headers: { Accept: 'application/json' }, body: undefined, credentials: 'same-origin' },
  });
});

test('toAnswer: an HTTP error is a failure whatever the body says; a 2xx without the flag succeeds', () => {
  const rows: Array<[number, object, boolean]> = [
    [200, {}, true],
    [200, { success: true }, true],
    [200, { success: false }, false],
    [204, { data: 1 }, true],
    [400, { success: false, error: 'x' }, false],
    [500, { success: true }, false],
    [302, {}, false],
  ];
  for (const [status, body, success] of rows) assert.is(toAnswer(status, body).success, success, `${status}`);
  assert.equal(toAnswer(400, { success: false, error: 'email is invalid' }), {
    success: false,
    error: 'email is invalid',
  });
});

test.run();
