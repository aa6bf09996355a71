import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../../api/http/http-error';
import { readJson } from '../../api/http/read-body';
import type { Logger } from '../../api/logger';
import type { Route } from '../../api/http/router';
import { checkedFetch } from '../answer-check';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';

/** Every line the app logs, by level; the error objects too. */
const lines: Array<{ level: string; message: string; error?: unknown }> = [];
const log: Logger = {
  enabled: () => true,
  debug: (message) => lines.push({ level: 'debug', message }),
  info: (message) => lines.push({ level: 'info', message }),
  warn: (message, error) => lines.push({ level: 'warn', message, error }),
  error: (message, error) => lines.push({ level: 'error', message, error }),
};

const SECRET_IN_ERROR = 'secret-internal-detail';
const extraRoutes: Route[] = [
  ['POST', '/api/test/echo', async (req) => ({ success: true, body: await readJson(req) })],
  ['GET', '/api/test/item/:id', (req) => ({ success: true, id: req.params.id })],
  [
    'GET',
    '/api/test/boom',
    () => {
      throw new Error(SECRET_IN_ERROR);
    },
  ],
  [
    'GET',
    '/api/test/bad-header',
    () => {
      throw new HttpError(400, 'Bad', { 'X-Broken': 'line\nbreak' });
    },
  ],
  ['GET', '/api/test/async-boom', () => Promise.reject(new TypeError(`${SECRET_IN_ERROR} async`))],
  [
    'GET',
    '/api/test/conflict',
    () => {
      throw new HttpError(409, 'Already exists');
    },
  ],
];

let server: TestServer;
test.before(async () => {
  server = await startServer({ LOG_LEVEL: 'info' }, { log, extraRoutes });
});
test.after(async () => {
  await server.close();
});
test.before.each(() => {
  lines.length = 0;
});

/**
 * Sends raw bytes and returns the status line (or '' if the server only closed the socket).
 * Not checked against the API document: it sends malformed HTTP on purpose.
 */
function rawRequest(text: string | Buffer): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.setTimeout(3000, () => socket.destroy());
    socket.end(text);
  });
}

/**
 * Waits for a request's own log line (written when its answer is over, after anything else it logs):
 * once it is there, nothing more will be logged for that request. A retry pause, not a wait for time.
 */
async function requestLogged(pattern: RegExp): Promise<void> {
  for (let tries = 0; !lines.some((line) => line.level === 'info' && pattern.test(line.message)); tries++) {
    if (tries > 2_000) throw new Error(`no log line ${pattern}: ${lines.map((line) => line.message).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test('router: params reach the handler; unknown path 404 and wrong method 405, as JSON', async () => {
  const item = await call(server.url, 'GET', '/api/test/item/a%20b');
  assert.equal(item.json, { success: true, id: 'a b' });
  const missing = await call(server.url, 'GET', '/api/nothing/here');
  assert.is(missing.status, 404);
  assert.equal(missing.json, { success: false, error: 'Not found' });
  assert.match(missing.headers.get('content-type') ?? '', 'application/json');
  const wrong = await call(server.url, 'DELETE', '/api/test/echo');
  assert.is(wrong.status, 405);
  assert.equal(wrong.json, { success: false, error: 'Method not allowed' });
  assert.is(wrong.headers.get('allow'), 'POST');
});

test('healthz answers {ok:true}; HEAD gets the headers without a body', async () => {
  const health = await call(server.url, 'GET', '/healthz');
  assert.is(health.status, 200);
  assert.equal(health.json, { ok: true });
  const head = await call(server.url, 'HEAD', '/healthz');
  assert.is(head.status, 200);
  assert.is(head.text, '');
});

test('JSON bodies: echo, malformed 400, wrong type 415, invalid UTF-8 400, array 400', async () => {
  const echo = await call(server.url, 'POST', '/api/test/echo', { body: { a: 1 } });
  assert.equal(echo.json, { success: true, body: { a: 1 } });
  const cases: Array<[string, string, number, string]> = [
    ['{"a":', 'application/json', 400, 'Malformed JSON body'],
    ['{"a":1}', 'text/plain', 415, 'Content-Type must be application/json'],
    ['a=1', 'application/x-www-form-urlencoded', 415, 'Content-Type must be application/json'],
    ['[1,2]', 'application/json', 400, 'JSON body must be an object'],
    ['"text"', 'application/json; charset=utf-8', 400, 'JSON body must be an object'],
  ];
  for (const [body, type, status, error] of cases) {
    const answer = await call(server.url, 'POST', '/api/test/echo', { body, headers: { 'content-type': type } });
    assert.is(answer.status, status, `${type} ${body}`);
    assert.equal(answer.json, { success: false, error });
  }
  const invalidUtf8 = await checkedFetch(`${server.url}/api/test/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  });
  assert.is(invalidUtf8.status, 400);
});

test('body over 1 MB: 413, whether declared or streamed without a length', async () => {
  const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
  const declared = await call(server.url, 'POST', '/api/test/echo', {
    body: big,
    headers: { 'content-type': 'application/json' },
  });
  assert.is(declared.status, 413);
  assert.equal(declared.json, { success: false, error: 'Request body too large' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 2 * 1024 * 1024) controller.close();
      else {
        sent += chunk.length;
        controller.enqueue(chunk);
      }
    },
  });
  const streamed = await checkedFetch(`${server.url}/api/test/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit).then(
    async (response) => ({ status: response.status, json: (await response.json()) as unknown }),
    // The server may cut the upload once it has answered; then the answer is not readable here.
    () => ({ status: 0, json: undefined }),
  );
  if (streamed.status !== 0) {
    assert.is(streamed.status, 413);
    assert.equal(streamed.json, { success: false, error: 'Request body too large' });
  }
  assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
});

test('a thrown error: 500 "Internal server error", no stack or message to the client, logged once with its stack', async () => {
  for (const path of ['/api/test/boom', '/api/test/async-boom']) {
    lines.length = 0;
    const answer = await call(server.url, 'GET', path);
    assert.is(answer.status, 500);
    assert.equal(answer.json, { success: false, error: 'Internal server error' });
    assert.not.match(answer.text, SECRET_IN_ERROR);
    assert.not.match(answer.text, 'at ');
    await requestLogged(new RegExp(`^GET ${path} 500 `));
    const errors = lines.filter((line) => line.level === 'error');
    assert.is(errors.length, 1, path);
    assert.match(errors[0]!.message, path);
    assert.match(String((errors[0]!.error as Error).stack), SECRET_IN_ERROR);
  }
});

test('an error answer that cannot even be written drops the connection, not the server', async () => {
  const status = await call(server.url, 'GET', '/api/test/bad-header').then(
    (answer) => answer.status,
    () => 0,
  );
  assert.is(status, 0);
  await requestLogged(/^GET \/api\/test\/bad-header /);
  assert.is(lines.filter((line) => line.level === 'error').length, 1);
  assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
});

test('an HttpError keeps its status and message and is not logged as an error', async () => {
  const answer = await call(server.url, 'GET', '/api/test/conflict');
  assert.is(answer.status, 409);
  assert.equal(answer.json, { success: false, error: 'Already exists' });
  await requestLogged(/^GET \/api\/test\/conflict 409 /);
  assert.is(lines.filter((line) => line.level === 'error').length, 0);
});

test('one log line per request: method, path, status, ms; never the query string or cookies', async () => {
  await call(server.url, 'GET', '/api/test/item/7?token=abc123&search=private', {
    cookie: 'loop_session=cookie-value-xyz',
  });
  await call(server.url, 'POST', '/api/admin/login', { body: { username: 'admin', password: 'hunter2-password' } });
  await requestLogged(/^POST \/api\/admin\/login 401 /);
  const info = lines.filter((line) => line.level === 'info');
  assert.is(info.length, 2, info.map((line) => line.message).join('\n'));
  assert.match(info[0]!.message, /^GET \/api\/test\/item\/7 200 \d+\.\dms$/);
  assert.match(info[1]!.message, /^POST \/api\/admin\/login 401 \d+\.\dms$/);
  const all = lines.map((line) => `${line.message} ${String(line.error ?? '')}`).join('\n');
  for (const secret of ['abc123', 'private', 'cookie-value-xyz', 'hunter2-password']) assert.not.match(all, secret);
});

test('bad URLs and broken requests never crash the server', async () => {
  const targets = [
    '/%ff%fe%',
    '/api/test/item/%E0%A4%A',
    '//evil.example/api/test/item/1',
    'http://other.example/healthz',
    '*',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/api/test/item/%00',
    `/${'a'.repeat(8000)}`,
    '/api/../api/test/item/1',
  ];
  for (const target of targets) {
    const status = await rawRequest(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    assert.match(status, /^HTTP\/1\.1 [1-5]\d\d /, target);
    assert.not.match(status, /^HTTP\/1\.1 5/, target);
  }
  for (const garbage of [
    'NOT HTTP AT ALL\r\n\r\n',
    'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    Buffer.from([0, 1, 2, 255, 13, 10, 13, 10]),
  ]) {
    await rawRequest(garbage);
  }
  const health = await call(server.url, 'GET', '/healthz');
  assert.is(health.status, 200);
});

test('a client that hangs up mid-request is still logged once and the server carries on', async () => {
  await rawRequest(
    'POST /api/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
  );
  await requestLogged(/^POST \/api\/test\/echo aborted /);
  assert.equal(
    lines.map((line) => [line.level, line.message.replace(/[\d.]+ms$/, 'ms')]),
    [['info', 'POST /api/test/echo aborted ms']],
  );
  assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
});

test.run();
