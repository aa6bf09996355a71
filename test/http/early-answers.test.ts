/**
 * Answers sent before the body was read (401 before an upload, 413 over a limit) reach node:http
 * clients that are still sending; sign-in bodies are capped at a few KB before any parsing.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { endAnswer } from '../../api/http/body-drain';
import { checkAnswer } from '../answer-check';
import { adminServer, call } from '../harness';

const admin = adminServer(test);
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

type Sent = { status: number; body: string; written: number; error: string | undefined };

/**
 * Sends up to `total` bytes in 64 KB writes (waiting when the socket is full) and reads the
 * answer; an error until the connection is closed or free again counts (EPIPE or a reset from a
 * server that closed with the body unread). node:http's client stops sending once a keep-alive answer is in.
 */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  total: number,
  check = true,
  close = false,
): Promise<Sent> {
  return new Promise((resolve) => {
    // agent: false sends `Connection: close`, as nginx does to its upstream by default.
    const req = request(new URL(path, base), close ? { method, headers, agent: false } : { method, headers });
    let written = 0;
    let error: string | undefined;
    let status = 0;
    let body = '';
    req.on('error', (failure: NodeJS.ErrnoException) => {
      error ??= failure.code ?? failure.message;
      if (status === 0) resolve({ status, body, written, error });
    });
    req.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        status = response.statusCode ?? 0;
        body = Buffer.concat(parts).toString();
        if (check)
          checkAnswer({ method, url: path, status, contentType: String(response.headers['content-type'] ?? ''), body });
        // An error can come until the connection is closed, or back in the agent's pool (the
        // body all sent, the answer read, nothing unread left for a reset).
        const settle = (): void => {
          resolve({ status, body, written, error });
          req.destroy();
        };
        const socket = req.socket;
        if (!socket || socket.destroyed) return settle();
        socket.once('close', settle);
        socket.once('free', settle);
      });
    });
    const pump = (): void => {
      while (written < total && !error) {
        const size = Math.min(CHUNK.length, total - written);
        written += size;
        if (!req.write(CHUNK.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!error) req.end();
    };
    pump();
  });
}

test('401 before an upload: a client still sending 8 MB gets the answer, not EPIPE', async () => {
  const total = 8 * 1024 * 1024;
  const sent = await send(
    admin.server.url,
    'POST',
    '/api/prompt/create',
    { 'content-type': 'multipart/form-data; boundary=zz', 'content-length': String(total) },
    total,
  );
  assert.equal([sent.status, sent.error], [401, undefined]);
  assert.is((JSON.parse(sent.body) as { success: boolean }).success, false);
});

test('413 for an image over 10 MB and for a JSON body over 1 MB (declared or streamed): answered, nothing lost', async () => {
  const image = 12 * 1024 * 1024;
  const upload = await send(
    admin.server.url,
    'POST',
    '/api/prompt/create',
    { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=zz', 'content-length': String(image) },
    image,
  );
  assert.equal([upload.status, upload.error], [413, undefined]);
  const json = 3 * 1024 * 1024;
  const streamed = await send(
    admin.server.url,
    'POST',
    '/api/license/create',
    { cookie: admin.cookie, 'content-type': 'application/json' },
    json,
  );
  assert.equal([streamed.status, streamed.error], [413, undefined]);
  const licence = await send(
    admin.server.url,
    'POST',
    '/api/license/validate',
    { 'content-type': 'application/json', 'content-length': String(json) },
    json,
  );
  assert.equal(
    [licence.status, licence.error, (JSON.parse(licence.body) as { code: string }).code],
    [413, undefined, 'INVALID_REQUEST'],
  );
  // The connections stayed usable and the server answers as before.
  assert.is((await call(admin.server.url, 'GET', '/healthz')).status, 200);
});

test('Connection: close (nginx to its upstream): the 401 before a 3 MB upload and the 413 for an 11 MB image arrive, not EPIPE', async () => {
  for (let round = 0; round < 3; round++) {
    const total = 3 * 1024 * 1024;
    const headers = { 'content-type': 'multipart/form-data; boundary=zz', 'content-length': String(total) };
    const unauthorized = await send(admin.server.url, 'POST', '/api/prompt/create', headers, total, true, true);
    assert.equal([unauthorized.status, unauthorized.error], [401, undefined], `401, round ${round}`);
    const image = 11 * 1024 * 1024;
    const tooLarge = await send(
      admin.server.url,
      'POST',
      '/api/prompt/create',
      { ...headers, cookie: admin.cookie, 'content-length': String(image) },
      image,
      true,
      true,
    );
    assert.equal([tooLarge.status, tooLarge.error], [413, undefined], `413, round ${round}`);
  }
  const json = 3 * 1024 * 1024;
  const licence = await send(
    admin.server.url,
    'POST',
    '/api/license/validate',
    { 'content-type': 'application/json', 'content-length': String(json) },
    json,
    true,
    true,
  );
  assert.equal([licence.status, licence.error], [413, undefined]);
});

test('past the bound the connection is closed rather than read on, with keep-alive or Connection: close', async () => {
  const server = createServer((req, res) => {
    res.writeHead(413, { 'content-type': 'text/plain', 'content-length': '9' });
    endAnswer(res, 'too large', { bytes: 1024 * 1024, ms: 10_000 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const total = 64 * 1024 * 1024;
    for (const close of [false, true]) {
      const sent = await send(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        'POST',
        '/',
        { 'content-length': String(total) },
        total,
        false,
        close,
      );
      assert.ok(sent.written < total, `the server read on: ${sent.written} bytes written (close: ${close})`);
      assert.ok(sent.error !== undefined, `the client saw the connection close (close: ${close})`);
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('sign-in: a 1 MB body is refused from its declared size (413) before it has arrived; /healthz answers meanwhile', async () => {
  const declared = 1024 * 1024;
  // Only a quarter is ever sent: a server that read (or parsed) the body first would never answer.
  const logins = Array.from({ length: 16 }, () =>
    send(
      admin.server.url,
      'POST',
      '/api/admin/login',
      { 'content-type': 'application/json', 'content-length': String(declared) },
      declared / 4,
    ),
  );
  const health = await call(admin.server.url, 'GET', '/healthz');
  for (const login of await Promise.all(logins)) assert.equal([login.status, login.error], [413, undefined]);
  assert.is(health.status, 200);
  // A sign-in body of a few KB is still read (and refused by its fields, not its size).
  const small = await call(admin.server.url, 'POST', '/api/admin/login', {
    body: JSON.stringify([[[[1]]]]),
    headers: { 'content-type': 'application/json' },
  });
  assert.is(small.status, 400);
});

test.run();
