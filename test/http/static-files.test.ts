import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../harness';
import type { TestServer } from '../harness';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const NOT_FOUND_PAGE = '<!doctype html><html lang="id"><title>404</title><h1>Halaman tidak ditemukan</h1></html>';

/** A build output of our own, so the serving rules are tested apart from what the pages hold. */
async function makePublicDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-public-'));
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, 'images'), { recursive: true });
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>Beranda</title>',
    'loopbot.html': '<!doctype html><title>LoopBOT</title>',
    '404.html': NOT_FOUND_PAGE,
    'robots.txt': 'User-agent: *',
    'assets/site-ABCD1234.js': SCRIPT,
    'assets/site-ABCD1234.js.br': brotliCompressSync(SCRIPT),
    'assets/site-ABCD1234.js.gz': gzipSync(SCRIPT),
    'assets/style-EFGH5678.css': 'body{margin:0}',
    'images/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'images/shot.webp': Buffer.from('RIFF0000WEBP'),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  // A file outside the public folder that traversal attempts aim at.
  await writeFile(join(dir, '..', `${dir.split('/').pop()}-secret.txt`), 'top secret');
  return dir;
}

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http, not fetch: fetch normalises paths and decodes bodies, which would hide what we test. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { hostname, port } = new URL(server.url);
  return new Promise((done, fail) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

let server: TestServer;
let publicDir: string;
test.before(async () => {
  publicDir = await makePublicDir();
  server = await startServer({ PUBLIC_DIR: publicDir });
});
test.after(async () => {
  await server.close();
  await rm(publicDir, { recursive: true, force: true });
  await rm(`${publicDir}-secret.txt`, { force: true });
});

test('pages: / and clean routes serve their own HTML', async () => {
  const home = await get('/');
  assert.is(home.status, 200);
  assert.match(home.body.toString(), 'Beranda');
  assert.is(home.headers['content-type'], 'text/html; charset=utf-8');
  assert.is(home.headers['cache-control'], 'no-cache');
  for (const path of ['/loopbot', '/loopbot/', '/loopbot.html']) {
    const page = await get(path);
    assert.is(page.status, 200, path);
    assert.match(page.body.toString(), 'LoopBOT');
  }
});

test('unknown page: the Indonesian 404 page with status 404, also for HEAD and for /404 itself', async () => {
  for (const path of ['/does-not-exist', '/assets/missing-ABCDEFGH.js', '/404', '/404.html', '/api']) {
    const page = await get(path);
    assert.is(page.status, 404, path);
    assert.match(page.body.toString(), 'Halaman tidak ditemukan');
    assert.is(page.headers['content-type'], 'text/html; charset=utf-8');
  }
  const head = await get('/does-not-exist', {}, 'HEAD');
  assert.is(head.status, 404);
  assert.is(head.body.length, 0);
});

test('content types', async () => {
  const expected: Array<[string, string]> = [
    ['/assets/site-ABCD1234.js', 'text/javascript; charset=utf-8'],
    ['/assets/style-EFGH5678.css', 'text/css; charset=utf-8'],
    ['/images/logo.png', 'image/png'],
    ['/images/shot.webp', 'image/webp'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ];
  for (const [path, type] of expected) {
    const answer = await get(path);
    assert.is(answer.status, 200, path);
    assert.is(answer.headers['content-type'], type, path);
    assert.is(answer.headers['x-content-type-options'], 'nosniff');
  }
});

test('cache: hashed assets immutable for a year, other files revalidated', async () => {
  assert.is((await get('/assets/site-ABCD1234.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.is((await get('/assets/style-EFGH5678.css')).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.not.match(String((await get('/images/logo.png')).headers['cache-control']), 'immutable');
});

test('ETag and 304, also with a weak validator; a changed tag gets the body', async () => {
  const first = await get('/loopbot');
  const etag = String(first.headers.etag);
  assert.match(etag, /^"[^"]+"$/);
  const again = await get('/loopbot', { 'if-none-match': etag });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  assert.is((await get('/loopbot', { 'if-none-match': `W/${etag}` })).status, 304);
  assert.is((await get('/loopbot', { 'if-none-match': '"other", ' + etag })).status, 304);
  assert.is((await get('/loopbot', { 'if-none-match': '"other"' })).status, 200);
});

test('precompressed: brotli preferred, then gzip, else identity; each its own ETag; q=0 respected', async () => {
  const br = await get('/assets/site-ABCD1234.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(br.headers.vary, 'Accept-Encoding');
  assert.is(brotliDecompressSync(br.body).toString(), SCRIPT);
  assert.is(Number(br.headers['content-length']), br.body.length);
  const gzip = await get('/assets/site-ABCD1234.js', { 'accept-encoding': 'gzip' });
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gzip.body).toString(), SCRIPT);
  const plain = await get('/assets/site-ABCD1234.js');
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.body.toString(), SCRIPT);
  const refused = await get('/assets/site-ABCD1234.js', { 'accept-encoding': 'br;q=0, gzip' });
  assert.is(refused.headers['content-encoding'], 'gzip');
  const tags = new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]);
  assert.is(tags.size, 3);
  const notModified = await get('/assets/site-ABCD1234.js', {
    'accept-encoding': 'br',
    'if-none-match': String(br.headers.etag),
  });
  assert.is(notModified.status, 304);
  assert.is(notModified.headers['content-encoding'], 'br');
  // The .br/.gz files themselves are not pages of their own.
  assert.is((await get('/assets/site-ABCD1234.js.br')).status, 404);
});

test('HEAD: headers and length of GET, no body', async () => {
  const head = await get('/assets/site-ABCD1234.js', {}, 'HEAD');
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(Number(head.headers['content-length']), Buffer.byteLength(SCRIPT));
  assert.is(head.headers['content-type'], 'text/javascript; charset=utf-8');
});

test('other methods on pages: 405 with Allow', async () => {
  const post = await get('/loopbot', {}, 'POST');
  assert.is(post.status, 405);
  assert.is(post.headers.allow, 'GET, HEAD');
});

test('path traversal never leaves the public folder', async () => {
  const secretName = `${publicDir.split('/').pop()}-secret.txt`;
  const attempts = [
    `/../${secretName}`,
    `/..%2f${secretName}`,
    `/%2e%2e/${secretName}`,
    `/%2e%2e%2f${secretName}`,
    `/assets/..%2f..%2f${secretName}`,
    `/..%5c${secretName}`,
    `/assets\\..\\..\\${secretName}`,
    `/%252e%252e/${secretName}`,
    '/robots.txt%00.html',
    '/robots.txt\0',
    '/..%c0%af..%c0%afetc/passwd',
    '/%ff',
    '/etc/passwd',
    '//etc/passwd',
  ];
  for (const path of attempts) {
    // node:http refuses a raw NUL in a request line; the encoded form is what a client can send.
    const answer = await get(path.replace(/\0/g, '%00'));
    assert.is(answer.status, 404, path);
    assert.not.match(answer.body.toString(), 'top secret', path);
  }
});

test('the real build: unknown page gives its Indonesian 404 page', async () => {
  const builtPublic = resolve(process.env.BUILD_OUT || 'dist', 'public');
  // npm test builds first: a missing build is a broken run, not a pass.
  assert.ok(existsSync(join(builtPublic, '404.html')), `no build in ${builtPublic}: run npx tsx build.ts`);
  const built = await startServer({ PUBLIC_DIR: builtPublic });
  try {
    const answer = await fetch(`${built.url}/halaman-yang-tidak-ada`);
    assert.is(answer.status, 404);
    const html = await answer.text();
    assert.match(html, 'lang="id"');
    assert.match(html.toLowerCase(), 'tidak ditemukan');
    const home = await fetch(`${built.url}/`);
    assert.is(home.status, 200);
  } finally {
    await built.close();
  }
});

test('the real build: no script chunk is empty (each one is a request a phone waits for)', async () => {
  const assets = resolve(process.env.BUILD_OUT || 'dist', 'public', 'assets');
  assert.ok(existsSync(assets), `no build in ${assets}: run npx tsx build.ts`);
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  assert.ok(scripts.length > 0);
  const sizes = await Promise.all(scripts.map(async (name) => [name, (await stat(join(assets, name))).size] as const));
  assert.equal(
    sizes.filter(([, size]) => size === 0).map(([name]) => name),
    [],
    'a module with only constants that esbuild inlines can leave an empty shared chunk behind',
  );
});

test.run();
