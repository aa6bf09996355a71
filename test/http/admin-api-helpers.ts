import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';
import type { ApiAnswer } from '../harness';

/** A mutable clock for startServer's `now` option: tests move time without waiting. */
export type Clock = { now: Date; at: () => Date };
export function fixedClock(iso: string): Clock {
  const clock: Clock = { now: new Date(iso), at: () => new Date(clock.now) };
  return clock;
}

/**
 * The body failures every JSON call shares: wrong content type 415, broken JSON 400, a JSON
 * value that is not an object 400, more than 1 MB 413; each with `{success:false, error}`.
 */
export async function assertBadBodies(base: string, cookie: string, method: string, path: string): Promise<void> {
  const cases: Array<[string, string, number]> = [
    ['text/plain', '{"a":1}', 415],
    ['application/x-www-form-urlencoded', 'a=1', 415],
    ['application/json', '{"email": ', 400],
    ['application/json', '[1, 2]', 400],
    ['application/json', '"text"', 400],
    ['application/json', JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }), 413],
  ];
  for (const [type, body, status] of cases) {
    const answer = await call(base, method, path, { cookie, body, headers: { 'content-type': type } });
    assert.is(answer.status, status, `${method} ${path} with ${type} ${body.slice(0, 20)}`);
    assert.is(answer.json.success, false);
    assert.type(answer.json.error, 'string');
  }
}

/** Asserts a `{success:false, error}` answer with exactly this status and text. */
export function assertError(
  answer: { status: number; json: Record<string, unknown> },
  status: number,
  error: string,
  note = '',
): void {
  assert.is(answer.status, status, `${note} ${JSON.stringify(answer.json)}`);
  assert.equal(answer.json, { success: false, error }, note);
}

export type AdminSuite = {
  clock: Clock;
  /** A call with the admin's session. */
  api: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** The same call without a session. */
  anonymous: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** assertBadBodies with the admin's session. */
  assertBadBodies: (method: string, path: string) => Promise<void>;
};

/** One server per test file, on a fixed clock starting at `iso`, with the admin logged in: started before the tests, closed after. */
export function adminSuite(suite: Test, iso: string): AdminSuite {
  const clock = fixedClock(iso);
  const admin = adminServer(suite, {}, { now: clock.at });
  return {
    clock,
    api: (method, path, body) => call(admin.server.url, method, path, { cookie: admin.cookie, body }),
    anonymous: (method, path, body) => call(admin.server.url, method, path, { body }),
    assertBadBodies: (method, path) => assertBadBodies(admin.server.url, admin.cookie, method, path),
  };
}
