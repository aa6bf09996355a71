import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiJson, ApiError, fileNameOf, setUnauthorizedHandler } from './api-client';

const realFetch = globalThis.fetch;

function answerWith(status: number, body: string): void {
  globalThis.fetch = (async () => new Response(body, { status })) as typeof fetch;
}

test.after.each(() => {
  globalThis.fetch = realFetch;
});

test('fileNameOf reads the UTF-8 name first, then the plain one', () => {
  const rows: Array<[string | null, string | undefined]> = [
    [`attachment; filename="Budi_S.txt"; filename*=UTF-8''Budi%20S.txt`, 'Budi S.txt'],
    ['attachment; filename="ABC.txt"', 'ABC.txt'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment', undefined],
    [null, undefined],
  ];
  for (const [header, expected] of rows) assert.is(fileNameOf(header), expected, String(header));
});

test('apiJson: a JSON failure resolves with success false and the server text', async () => {
  answerWith(400, JSON.stringify({ success: false, error: 'email is invalid' }));
  const answer = await apiJson('POST', '/api/license/create', {});
  assert.is(answer.success, false);
  assert.is(answer.error, 'email is invalid');
});

test('apiJson: an HTTP error is a failure even when the body claims success', async () => {
  answerWith(500, JSON.stringify({ success: true }));
  assert.is((await apiJson('GET', '/x')).success, false);
});

test('apiJson: a non-JSON answer rejects with ApiError', async () => {
  answerWith(502, '<html>Bad gateway</html>');
  try {
    await apiJson('POST', '/api/admin/login', { username: 'a', password: 'b' });
    assert.unreachable('should reject');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.match((error as Error).message, 'HTTP 502');
  }
});

test('apiJson: a network failure rejects with ApiError carrying the reason', async () => {
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  try {
    await apiJson('GET', '/api/license/list');
    assert.unreachable('should reject');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as Error).message, 'Failed to fetch');
  }
});

test('apiJson: a 401 ends the session, whether its body is JSON or not; a refused login does not', async () => {
  let ended = 0;
  setUnauthorizedHandler(() => ended++);
  try {
    answerWith(401, '<html>Unauthorized</html>');
    await apiJson('GET', '/api/license/list').catch(() => undefined);
    answerWith(401, JSON.stringify({ success: false, error: 'Unauthorized' }));
    await apiJson('GET', '/api/license/list');
    await apiJson('POST', '/api/admin/login', { username: 'a', password: 'b' });
    assert.is(ended, 2);
  } finally {
    setUnauthorizedHandler(() => undefined);
  }
});

test('apiJson sends JSON with the same-origin credentials', async () => {
  let seen: RequestInit | undefined;
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    seen = init;
    return new Response('{"success":true}', { status: 200 });
  }) as typeof fetch;
  await apiJson('POST', '/api/license/extend/3', { days: 5 });
  assert.is(seen?.credentials, 'same-origin');
  assert.is(seen?.body, '{"days":5}');
  assert.is((seen?.headers as Record<string, string>)['Content-Type'], 'application/json');
});

test.run();
