import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAnswer } from '../answer-check';
import { call, loginCookie, startServer } from '../harness';

function raw(url: string, acceptEncoding?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          try {
            checkAnswer({
              method: 'GET',
              url,
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? null,
              encoding: res.headers['content-encoding'],
              body,
            });
          } catch (error) {
            reject(error);
          }
          resolve({ headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('large JSON answers are compressed as the client allows; small ones and refusing clients get plain JSON', async () => {
  const server = await startServer();
  try {
    const cookie = await loginCookie(server.url);
    for (let index = 0; index < 12; index++) {
      const body = new FormData();
      body.set('title', `Prompt ${index}`);
      body.set('prompt_template', 'lofi hujan malam, suasana tenang '.repeat(40));
      assert.is((await call(server.url, 'POST', '/api/prompt/create', { body, cookie })).status, 200);
    }
    const url = `${server.url}/api/prompt/list?page=1&per_page=12`;
    const plain = await raw(url);
    assert.is(plain.headers['content-encoding'], undefined);
    const expected = JSON.parse(plain.body.toString()) as unknown;

    const br = await raw(url, 'gzip, deflate, br');
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < plain.body.length / 3, `brotli ${br.body.length} vs ${plain.body.length} bytes`);
    assert.equal(JSON.parse(brotliDecompressSync(br.body).toString()), expected);

    const gzip = await raw(url, 'gzip, br;q=0');
    assert.is(gzip.headers['content-encoding'], 'gzip');
    assert.equal(JSON.parse(gunzipSync(gzip.body).toString()), expected);

    const small = await raw(`${server.url}/healthz`, 'br');
    assert.is(small.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(small.body.toString()), { ok: true });
  } finally {
    await server.close();
  }
});

test.run();
