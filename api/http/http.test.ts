import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApiRequest } from './api-request';
import { HttpError } from './http-error';
import { readBody } from './read-body';

/** A request whose body is a stream the test writes to. */
function request(headers: Record<string, string> = {}): { req: ApiRequest; body: PassThrough } {
  const body = new PassThrough();
  Object.assign(body, { headers });
  return { req: { headers, raw: body as unknown as IncomingMessage } as ApiRequest, body };
}

/**
 * How a read settles. The timer only keeps a read that never settles from ending the process
 * quietly (nothing else holds it open): it is a bound for a failure, generous on a loaded machine.
 */
async function status(promise: Promise<unknown>): Promise<number | 'ok' | 'pending'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), 30_000)));
  const settled = promise.then(
    () => 'ok' as const,
    (error: unknown) => (error instanceof HttpError ? error.status : -1),
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

test('readBody: the chunks as one buffer; a declared or actual size over the limit is 413', async () => {
  const { req, body } = request();
  const read = readBody(req, 10);
  body.write('abc');
  body.end('def');
  assert.is((await read).toString(), 'abcdef');
  const declared = request({ 'content-length': '11' });
  assert.is(await status(readBody(declared.req, 10)), 413);
  const actual = request();
  const tooLarge = readBody(actual.req, 4);
  actual.body.write('abcdef');
  assert.is(await status(tooLarge), 413);
  assert.is(await status(readBody(actual.req, 4)), 400, 'a second read of a refused body settles too');
});

test('readBody: a client that hung up, before or during the read, is a 400, never a wait', async () => {
  const before = request();
  before.body.destroy();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(await status(readBody(before.req, 100)), 400);
  const during = request();
  const read = readBody(during.req, 100);
  during.body.write('ab');
  during.body.destroy();
  assert.is(await status(read), 400);
});

test.run();
