/**
 * A deeply nested JSON body is refused with 400 before anything walks it (the NUL check, the schema
 * check, a stored copy): 10,000 levels used to overflow the stack in the NUL check and answer 500.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';

const admin = adminServer(test, { LYNK_MERCHANT_KEY: 'nested-json-test-key' });
const TOO_DEEP = 'JSON body is nested too deeply (at most 32 levels)';

/** `{"<field>":[[[...]]]}` with `levels` arrays; `inner` at the bottom. */
const nested = (field: string, levels: number, inner = '1'): string =>
  `{"${field}":${'['.repeat(levels)}${inner}${']'.repeat(levels)}}`;

const send = (method: string, path: string, body: string, cookie?: string) =>
  call(admin.server.url, method, path, { body, cookie, headers: { 'content-type': 'application/json' } });

test('10,000 levels: 400 with a clear message on admin, licence-app and webhook calls, never 500', async () => {
  const cases: Array<[string, string, string | undefined]> = [
    ['PUT', '/api/storefront', admin.cookie],
    ['POST', '/api/license/create', admin.cookie],
    ['POST', '/api/config/set', admin.cookie],
    ['POST', '/api/license/validate', undefined],
    ['POST', '/api/webhooks/lynk', undefined],
  ];
  for (const [method, path, cookie] of cases) {
    const answer = await send(method, path, nested('plans', 10_000), cookie);
    assert.ok(answer.status < 500, `${path}: ${answer.status} ${answer.text}`);
    if (answer.status === 413) continue; // A call with a smaller body limit refuses it by size first.
    assert.is(answer.status, 400, `${path}: ${answer.text}`);
    // The licence API adds its own fields (code, message...) to the same refusal.
    assert.equal([answer.json.success, answer.json.error], [false, TOO_DEEP], path);
  }
});

test('a public call: as deep as its 8 KB allows, 400; inside strings brackets do not count', async () => {
  const deep = await send('POST', '/api/trial', nested('email', 3_500));
  assert.equal([deep.status, deep.json], [400, { success: false, error: TOO_DEEP }]);
  const brackets = '['.repeat(100);
  const text = await send('POST', '/api/trial', `{"email":"${brackets}\\"{{{{"}`);
  assert.is(text.status, 400, text.text);
  assert.is.not(text.json.error, TOO_DEEP, 'brackets inside a text are text');
});

test('32 levels still reach the field check (a bad field, not a refusal of the body)', async () => {
  const answer = await send('POST', '/api/license/create', nested('email', 31), admin.cookie);
  assert.is(answer.status, 400, answer.text);
  assert.is.not(answer.json.error, TOO_DEEP);
  const deeper = await send('POST', '/api/license/create', nested('email', 32), admin.cookie);
  assert.equal(deeper.json, { success: false, error: TOO_DEEP });
});

test.run();
