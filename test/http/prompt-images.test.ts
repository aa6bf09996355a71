import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readImageHeader } from '../../api/images/image-header';
import { webpFormat } from '../../api/images/webp-format';
import { checkedFetch } from '../answer-check';
import { adminServer, call } from '../harness';
import { gradientPng, pngBomb } from '../png-fixture';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });
const IMAGE_URL = /^\/api\/prompt\/image\/[a-f0-9]{32}\.webp$/;

const admin = adminServer(test);

type Prompt = { id: number; image_path: string | null; image_url: string | null };

function form(fields: Record<string, string>, image?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (image)
    body.set('image', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }), image.name);
  return body;
}

/** Stored images (files of the embedded store, rows of PostgreSQL's blobs) and anything left in the upload temp folder. */
async function uploadsFolder(): Promise<{ images: string[]; temp: string[] }> {
  const dir = join(admin.server.dataDir, 'uploads');
  const db = admin.server.app.ctx.db;
  const images =
    db.engine === 'postgres'
      ? (await db.all<{ name: string }>('SELECT name FROM blobs ORDER BY name')).map((row) => row.name)
      : (await readdir(dir)).filter((name) => name !== 'tmp').sort();
  const temp = existsSync(join(dir, 'tmp')) ? await readdir(join(dir, 'tmp')) : [];
  return { images, temp };
}

async function fetchImage(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await checkedFetch(admin.server.url + url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

test('create with an image: stored as a 1280×720 WEBP under a random name, served with type, ETag, long cache and 304', async () => {
  const png = await new Jimp({ width: 1000, height: 1000, color: 0x2255aaff }).getBuffer('image/png');
  const answer = await call(admin.server.url, 'POST', '/api/prompt/create', {
    body: form({ title: 'Dengan gambar', prompt_template: 't' }, { bytes: png, name: 'sampul.png' }),
    cookie: admin.cookie,
  });
  assert.is(answer.status, 200, answer.text);
  const prompt = answer.json.prompt as Prompt;
  assert.match(String(prompt.image_url), IMAGE_URL);
  assert.is(prompt.image_path, `uploads/${String(prompt.image_url).split('/').pop()}`);
  const image = await fetchImage(String(prompt.image_url));
  assert.is(image.status, 200);
  assert.is(image.headers.get('content-type'), 'image/webp');
  assert.is(image.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.is(Number(image.headers.get('content-length')), image.bytes.length);
  assert.equal(readImageHeader(image.bytes), { format: 'webp', width: 1280, height: 720 });
  const decoded = await Jimp.fromBuffer(image.bytes);
  assert.equal([decoded.bitmap.width, decoded.bitmap.height], [1280, 720]);
  const etag = image.headers.get('etag');
  assert.ok(etag);
  const again = await fetchImage(String(prompt.image_url), { 'if-none-match': etag! });
  assert.equal([again.status, again.bytes.length, again.headers.get('etag')], [304, 0, etag]);
  const head = await checkedFetch(admin.server.url + String(prompt.image_url), { method: 'HEAD' });
  assert.equal(
    [head.status, head.headers.get('content-type'), Number(head.headers.get('content-length'))],
    [200, 'image/webp', image.bytes.length],
  );
  assert.is((await head.arrayBuffer()).byteLength, 0);
  const listed = await call(admin.server.url, 'GET', '/api/prompt/list?search=dengan%20gambar');
  assert.is((listed.json.prompts as Prompt[])[0]?.image_url, prompt.image_url);
  assert.equal((await uploadsFolder()).temp, []);
});

test('JPEG and WEBP uploads are accepted whatever their declared name or type', async () => {
  for (const [mime, name] of [
    ['image/jpeg', 'photo.txt'],
    ['image/webp', 'noext'],
  ] as const) {
    const bytes = await new Jimp({ width: 400, height: 300, color: 0x777777ff }).getBuffer(mime);
    const answer = await call(admin.server.url, 'POST', '/api/prompt/create', {
      body: form({ title: `Gambar ${mime}`, prompt_music: 'm' }, { bytes, name, type: 'application/octet-stream' }),
      cookie: admin.cookie,
    });
    assert.is(answer.status, 200, `${mime}: ${answer.text}`);
    const image = await fetchImage(String((answer.json.prompt as Prompt).image_url));
    assert.equal(readImageHeader(image.bytes), { format: 'webp', width: 1280, height: 720 });
  }
});

test('bad images: text renamed .png 415, damaged PNG 415, 20000×20000 bomb 413 (fast), over 10 MB 413; nothing stored', async () => {
  const before = await uploadsFolder();
  const damaged = gradientPng(300, 200);
  damaged.fill(0x13, 45);
  const cases: Array<[string, Uint8Array, number, string]> = [
    [
      'text renamed .png',
      Buffer.from('I am a text file pretending to be a PNG'),
      415,
      'Image must be a PNG, JPEG or WEBP file',
    ],
    [
      'damaged png',
      damaged,
      415,
      'Image could not be read: the file is damaged or not a supported PNG, JPEG or WEBP image',
    ],
    ['png bomb', pngBomb(20_000, 20_000), 413, 'Image is too large: 20000×20000 pixels (max 40 megapixels)'],
    // No pixel data at all: a decoder would call it damaged (415), so 413 proves the header alone refused it.
    [
      'png bomb header only',
      pngBomb(20_000, 20_000).subarray(0, 33),
      413,
      'Image is too large: 20000×20000 pixels (max 40 megapixels)',
    ],
  ];
  for (const [label, bytes, status, error] of cases) {
    const answer = await call(admin.server.url, 'POST', '/api/prompt/create', {
      body: form({ title: label, prompt_template: 't' }, { bytes, name: 'image.png' }),
      cookie: admin.cookie,
    });
    assert.equal([answer.status, answer.json], [status, { success: false, error }], label);
  }
  const huge = new Uint8Array(10 * 1024 * 1024 + 1);
  huge.set(gradientPng(10, 10));
  const tooBig = await call(admin.server.url, 'POST', '/api/prompt/create', {
    body: form({ title: 'besar', prompt_template: 't' }, { bytes: huge, name: 'big.png' }),
    cookie: admin.cookie,
  }).catch(() => ({ status: 0, json: {} }));
  assert.ok(tooBig.status === 413 || tooBig.status === 0, `over 10 MB: ${tooBig.status}`);
  const list = await call(admin.server.url, 'GET', '/api/prompt/list?per_page=100');
  const titles = (list.json.prompts as Array<{ title: string }>).map((row) => row.title);
  for (const [label] of cases) assert.not.ok(titles.includes(label), label);
  // formidable unlinks its temp file a moment after it gives up: wait for it, up to 5 s.
  let folder = await uploadsFolder();
  for (const until = Date.now() + 5_000; folder.temp.length > 0 && Date.now() < until; folder = await uploadsFolder())
    await new Promise((resolve) => setTimeout(resolve, 25));
  assert.equal(folder, { images: before.images, temp: [] });
});

test('update with a new image replaces the old file; without an image keeps it; delete removes it', async () => {
  const png = gradientPng(800, 600);
  const created = await call(admin.server.url, 'POST', '/api/prompt/create', {
    body: form({ title: 'Ganti gambar', prompt_template: 't' }, { bytes: png, name: 'a.png' }),
    cookie: admin.cookie,
  });
  const prompt = created.json.prompt as Prompt;
  const oldName = String(prompt.image_path).split('/').pop()!;
  assert.ok((await uploadsFolder()).images.includes(oldName));
  const textOnly = await call(admin.server.url, 'PUT', `/api/prompt/update/${prompt.id}`, {
    body: form({ description: 'baru' }),
    cookie: admin.cookie,
  });
  assert.is((textOnly.json.prompt as Prompt).image_path, prompt.image_path);
  const replaced = await call(admin.server.url, 'PUT', `/api/prompt/update/${prompt.id}`, {
    body: form({}, { bytes: gradientPng(640, 480), name: 'b.png' }),
    cookie: admin.cookie,
  });
  assert.is(replaced.status, 200, replaced.text);
  const newPath = (replaced.json.prompt as Prompt).image_path!;
  const newName = newPath.split('/').pop()!;
  assert.is.not(newName, oldName);
  const folder = await uploadsFolder();
  assert.ok(folder.images.includes(newName));
  assert.not.ok(folder.images.includes(oldName), 'old file removed');
  assert.is((await fetchImage(`/api/prompt/image/${oldName}`)).status, 404);
  // A refused image on update changes nothing.
  const refused = await call(admin.server.url, 'PUT', `/api/prompt/update/${prompt.id}`, {
    body: form({ title: 'Tidak jadi' }, { bytes: Buffer.from('nope'), name: 'c.png' }),
    cookie: admin.cookie,
  });
  assert.is(refused.status, 415);
  const unknown = await call(admin.server.url, 'PUT', '/api/prompt/update/987654', {
    body: form({}, { bytes: png, name: 'd.png' }),
    cookie: admin.cookie,
  });
  assert.is(unknown.status, 404);
  assert.equal((await uploadsFolder()).images, folder.images);
  const removed = await call(admin.server.url, 'DELETE', `/api/prompt/delete/${prompt.id}`, { cookie: admin.cookie });
  assert.is(removed.status, 200);
  assert.not.ok((await uploadsFolder()).images.includes(newName), 'image removed with the prompt');
  assert.is((await fetchImage(`/api/prompt/image/${newName}`)).status, 404);
});

test('image call: anything but an exact stored name is 404 (traversal, encoded forms, backslashes, other files)', async () => {
  const created = await call(admin.server.url, 'POST', '/api/prompt/create', {
    body: form({ title: 'Traversal', prompt_template: 't' }, { bytes: gradientPng(64, 64), name: 'x.png' }),
    cookie: admin.cookie,
  });
  const name = String((created.json.prompt as Prompt).image_url)
    .split('/')
    .pop()!;
  assert.is((await fetchImage(`/api/prompt/image/${name}`)).status, 200);
  const attempts = [
    '/api/prompt/image/..%2Fdb.sqlite',
    '/api/prompt/image/..%2F..%2Fetc%2Fpasswd',
    '/api/prompt/image/%2e%2e%2fdb.sqlite',
    '/api/prompt/image/..%5Cdb.sqlite',
    '/api/prompt/image/%252e%252e%252fdb.sqlite',
    '/api/prompt/image/db.sqlite',
    '/api/prompt/image/tmp',
    `/api/prompt/image/tmp%2F${name}`,
    `/api/prompt/image/..%2Fuploads%2F${name}`,
    `/api/prompt/image/${name.toUpperCase()}`,
    `/api/prompt/image/${name}%00`,
    `/api/prompt/image/${name.replace('.webp', '.png')}`,
    `/api/prompt/image/%2F${name}`,
    `/api/prompt/image/${'0'.repeat(32)}.webp`,
    '/api/prompt/image/',
    '/api/prompt/image/%',
  ];
  for (const path of attempts) {
    const answer = await fetchImage(path);
    assert.is(answer.status, 404, path);
    assert.is.not(answer.headers.get('content-type'), 'image/webp', path);
  }
});

test('/healthz answers while a 4000×3000 image is being resized: the resize runs off the main thread', async () => {
  const large = gradientPng(4000, 3000);
  // The moment the job is handed to the image worker, and the worker it went to.
  const original = Worker.prototype.postMessage;
  const posted = new Promise<Worker>((resolve) => {
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      Worker.prototype.postMessage = original;
      resolve(this);
      return original.apply(this, args);
    };
  });
  try {
    const upload = call(admin.server.url, 'POST', '/api/prompt/create', {
      body: form({ title: 'Foto besar', prompt_template: 't' }, { bytes: large, name: 'large.png' }),
      cookie: admin.cookie,
    });
    const worker = await Promise.race([posted, upload.then(() => undefined)]);
    assert.ok(worker, 'the resize was handed to a worker thread');
    let resized = false;
    worker.once('message', () => (resized = true));
    // Resizing on the main thread would hold these until the resize is over.
    for (let probe = 0; probe < 5; probe++) assert.is((await call(admin.server.url, 'GET', '/healthz')).status, 200);
    assert.not.ok(resized, '/healthz answered five times before the worker finished the resize');
    const answer = await upload;
    assert.is(answer.status, 200, answer.text);
    const image = await fetchImage(String((answer.json.prompt as Prompt).image_url));
    assert.equal(readImageHeader(image.bytes), { format: 'webp', width: 1280, height: 720 });
  } finally {
    Worker.prototype.postMessage = original;
  }
});

test('a third upload while two are in flight gets 429; the first two succeed', async () => {
  const large = gradientPng(3000, 2000);
  const send = (title: string): ReturnType<typeof call> =>
    call(admin.server.url, 'POST', '/api/prompt/create', {
      body: form({ title, prompt_template: 't' }, { bytes: large, name: 'x.png' }),
      cookie: admin.cookie,
    });
  const first = send('Satu');
  const second = send('Dua');
  // Both are in flight once each has its temp file (kept until its resize is over).
  for (let waited = 0; (await uploadsFolder()).temp.length < 2 && waited < 10_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.is((await uploadsFolder()).temp.length, 2);
  const third = await send('Tiga');
  assert.is(third.status, 429, third.text);
  assert.is(third.headers.get('retry-after'), '2');
  assert.equal([(await first).status, (await second).status], [200, 200]);
});

test.run();
