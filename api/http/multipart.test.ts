import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from './http-error';
import type { ApiRequest } from './api-request';
import { readMultipart } from './multipart';

type Outcome = { status: number; body: Record<string, unknown> };

let tempDir = '';
let base = '';
let closeServer: () => Promise<void> = async () => undefined;
/** What the test wants done with a parsed body before cleanup (inspect files while they exist). */
let inspect: (parsed: Awaited<ReturnType<typeof readMultipart>>) => Promise<Record<string, unknown>> = async (
  parsed,
) => ({
  fields: parsed.fields,
  files: Object.fromEntries(
    Object.entries(parsed.files).map(([name, file]) => [name, { size: file.size, mime: file.mime, name: file.name }]),
  ),
});

test.before(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'loop-uploads-'));
  const server = createServer((raw, res) => {
    const req = { headers: raw.headers, raw } as unknown as ApiRequest;
    const limits = { tempDir: join(tempDir, 'tmp'), maxFileBytes: 1024, maxFieldsBytes: 256 };
    readMultipart(req, limits)
      .then(async (parsed) => {
        try {
          return { status: 200, body: await inspect(parsed) };
        } finally {
          await parsed.cleanup();
        }
      })
      .catch((error: unknown) => ({
        status: error instanceof HttpError ? error.status : 500,
        body: { error: (error as Error).message },
      }))
      .then((outcome: Outcome) => {
        res.writeHead(outcome.status, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(outcome.body));
      });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => new Promise((done) => server.close(() => done()));
});

test.after(async () => {
  await closeServer();
  await rm(tempDir, { recursive: true, force: true });
});

async function post(body: FormData | string, headers: Record<string, string> = {}): Promise<Outcome> {
  try {
    const response = await fetch(base, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    // The server may close the connection on a refused upload before the client is done sending.
    return { status: 0, body: {} };
  }
}

const leftovers = async (): Promise<string[]> =>
  existsSync(join(tempDir, 'tmp')) ? readdir(join(tempDir, 'tmp')) : [];

test('fields and one file are parsed; the temp file exists until cleanup, then is gone', async () => {
  let seenPath = '';
  inspect = async (parsed) => {
    const file = parsed.files.image!;
    seenPath = file.path;
    return { fields: parsed.fields, size: file.size, text: await readFile(file.path, 'utf8'), name: file.name };
  };
  const form = new FormData();
  form.set('title', 'Judul');
  form.set('description', '');
  form.set('image', new Blob(['hello'], { type: 'text/plain' }), 'a.png');
  const answer = await post(form);
  assert.equal(answer, {
    status: 200,
    body: { fields: { title: 'Judul', description: '' }, size: 5, text: 'hello', name: 'a.png' },
  });
  assert.ok(seenPath.startsWith(join(tempDir, 'tmp')));
  assert.not.ok(existsSync(seenPath));
});

test('an empty file input (no file chosen) counts as not sent', async () => {
  inspect = async (parsed) => ({ files: Object.keys(parsed.files) });
  const form = new FormData();
  form.set('title', 'x');
  form.set('image', new Blob([]), '');
  assert.equal(await post(form), { status: 200, body: { files: [] } });
});

test('refusals: other content types 415, repeated fields 400, too large 413, two files 400; no temp file left', async () => {
  const repeated = new FormData();
  repeated.append('title', 'a');
  repeated.append('title', 'b');
  const big = new FormData();
  big.set('image', new Blob([new Uint8Array(4096)]), 'big.png');
  const longFields = new FormData();
  longFields.set('description', 'x'.repeat(1000));
  const two = new FormData();
  two.append('image', new Blob(['a']), 'a.png');
  two.append('other', new Blob(['b']), 'b.png');
  const cases: Array<[string, FormData | string, Record<string, string>, number]> = [
    ['json', '{"title":"x"}', { 'content-type': 'application/json' }, 415],
    ['urlencoded', 'title=x', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['no boundary', 'x', { 'content-type': 'multipart/form-data' }, 400],
    ['broken body', '--zz\r\nnonsense', { 'content-type': 'multipart/form-data; boundary=zz' }, 400],
    ['repeated', repeated, {}, 400],
    ['file too big', big, {}, 413],
    ['fields too big', longFields, {}, 413],
    ['two files', two, {}, 400],
  ];
  for (const [label, body, headers, status] of cases) {
    const answer = await post(body, headers);
    assert.ok(
      answer.status === status || (status === 413 && answer.status === 0),
      `${label}: ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  // A declared length over the limit is refused before any of the body is read.
  const declared = await new Promise<number>((resolve) => {
    const req = request(base, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz', 'content-length': String(10 * 1024 * 1024) },
    });
    req.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', () => resolve(0));
    req.write('--zz\r\n');
  });
  assert.is(declared, 413);
  // Whatever was opened is removed: wait for that work to be done (a retry pause; only a file never removed fails).
  let left = await leftovers();
  for (let tries = 0; left.length > 0 && tries < 400; tries++, left = await leftovers())
    await new Promise((resolve) => setTimeout(resolve, 25));
  assert.equal(left, []);
});

test.run();
