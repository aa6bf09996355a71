import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerOf, callJson, fetchJson, NoJsonAnswer, toAnswer } from './json-call';

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

test('answerOf: only a JSON object is an answer', () => {
  assert.equal(answerOf(200, '{"success":true,"n":1}'), { success: true, n: 1 });
  assert.equal(answerOf(404, '{"error":"gone"}'), { success: false, error: 'gone' });
  for (const text of ['<html>', '', 'null', '[1]', '3', '"x"']) assert.is(answerOf(200, text), undefined, text);
});

test('callJson answers the status, the headers and the answer', async () => {
  globalThis.fetch = (async () =>
    new Response('{"success":false,"error":"slow down"}', {
      status: 429,
      headers: { 'Retry-After': '30' },
    })) as typeof fetch;
  const reply = await callJson('POST', '/api/x', { a: 1 });
  assert.is(reply.status, 429);
  assert.is(reply.headers.get('retry-after'), '30');
  assert.equal(reply.answer, { success: false, error: 'slow down' });
});

test('callJson rejects with NoJsonAnswer: the status for a body that is not JSON, none for a network failure', async () => {
  globalThis.fetch = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch;
  const notJson = await callJson('GET', '/api/x').catch((error: unknown) => error);
  assert.instance(notJson, NoJsonAnswer);
  assert.is((notJson as NoJsonAnswer).status, 502);
  assert.is((notJson as NoJsonAnswer).message, 'Unexpected answer from server (HTTP 502)');
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  const offline = await callJson('GET', '/api/x').catch((error: unknown) => error);
  assert.instance(offline, NoJsonAnswer);
  assert.is((offline as NoJsonAnswer).status, undefined);
  assert.is((offline as NoJsonAnswer).message, 'Failed to fetch');
});

test.run();
