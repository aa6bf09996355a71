import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gradientPng, pngBomb } from '../../test/png-fixture';
import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';
import { HttpError } from '../http/http-error';
import { readImageHeader } from './image-header';
import { IMAGE_NAME, ImagePipeline } from './images';
import { MAX_IMAGE_BYTES } from '../../contract/rules/images';
import { webpFormat } from './webp-format';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });
const dirs: string[] = [];
let store: Store;
let pipeline: ImagePipeline;

test.before(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'loop-images-'));
  dirs.push(dir);
  // The embedded store: its images are files in DATA_DIR/uploads, which these tests look at.
  store = await openStore({ databaseUrl: undefined, dataDir: dir, onError: console.error, onInfo: () => undefined });
  pipeline = await ImagePipeline.open(dir, store.blobs);
});

test.after(async () => {
  await pipeline.close();
  await store.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function refusal(work: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await work();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

const stored = async (): Promise<string[]> =>
  (await readdir(pipeline.uploadsDir)).filter((name) => name !== 'tmp').sort();

test('a tall PNG is covered to exactly 1280×720 WEBP, centre-cropped, under a random name', async () => {
  // Top third red, middle third green, bottom third blue: a centre crop keeps mostly green.
  const image = new Jimp({ width: 600, height: 900, color: 0x00ff00ff });
  for (let y = 0; y < 300; y++) for (let x = 0; x < 600; x++) image.setPixelColor(0xff0000ff, x, y);
  for (let y = 600; y < 900; y++) for (let x = 0; x < 600; x++) image.setPixelColor(0x0000ffff, x, y);
  const result = await pipeline.storeCover(await image.getBuffer('image/png'));
  assert.match(result.name, IMAGE_NAME);
  assert.is(result.path, `uploads/${result.name}`);
  const bytes = await readFile(join(pipeline.dataDir, result.path));
  assert.is(bytes.length, result.size);
  assert.equal(readImageHeader(bytes), { format: 'webp', width: 1280, height: 720 });
  assert.equal([result.width, result.height], [1280, 720], 'the stored size is answered');
  const decoded = await Jimp.fromBuffer(bytes);
  assert.equal([decoded.bitmap.width, decoded.bitmap.height], [1280, 720]);
  const centre = decoded.getPixelColor(640, 360);
  assert.ok(((centre >>> 16) & 0xff) > 200 && centre >>> 24 < 60, `centre is green: ${centre.toString(16)}`);
  // 1280/600 = 2.13x scale: 1920 tall, 600 cropped from each end, so the top and bottom rows are red and blue.
  const top = decoded.getPixelColor(640, 2);
  assert.ok(top >>> 24 > 200, `top is red: ${top.toString(16)}`);
  assert.ok(pipeline.fileFor(result.name));
  await pipeline.remove(result.path);
  assert.equal(await stored(), []);
});

test('JPEG and WEBP inputs are accepted; small images are scaled up', async () => {
  for (const mime of ['image/jpeg', 'image/webp'] as const) {
    const input = await new Jimp({ width: 160, height: 90, color: 0x808080ff }).getBuffer(mime);
    const result = await pipeline.storeCover(input);
    assert.equal(readImageHeader(await readFile(join(pipeline.dataDir, result.path))), {
      format: 'webp',
      width: 1280,
      height: 720,
    });
    await pipeline.remove(result.path);
  }
});

test('refusals: not an image 415, damaged image 415, bomb 413 at once, oversized 413; nothing is stored', async () => {
  assert.equal(await refusal(() => pipeline.storeCover(Buffer.from('just text named cat.png'))), {
    status: 415,
    message: 'Image must be a PNG, JPEG or WEBP file',
  });
  const damaged = gradientPng(200, 100);
  damaged.fill(0x42, 40);
  assert.is((await refusal(() => pipeline.storeCover(damaged))).status, 415);
  assert.is((await refusal(() => pipeline.storeCover(pngBomb(20_000, 20_000)))).status, 413);
  // The header alone, no pixel data: a decoder would call it damaged (415); the header check refuses its size.
  const headerOnly = pngBomb(20_000, 20_000).subarray(0, 33);
  assert.equal(await refusal(() => pipeline.storeCover(headerOnly)), {
    status: 413,
    message: 'Image is too large: 20000×20000 pixels (max 40 megapixels)',
  });
  assert.is((await refusal(() => pipeline.storeCover(new Uint8Array(MAX_IMAGE_BYTES + 1)))).status, 413);
  assert.is(
    (await refusal(() => pipeline.toCover1280x720({ path: '/nonexistent', size: MAX_IMAGE_BYTES + 1 }))).status,
    413,
  );
  assert.equal(await stored(), []);
});

test('fileFor accepts only names the pipeline could have generated', () => {
  const good = `${'a1'.repeat(16)}.webp`;
  assert.is(pipeline.fileFor(good), join(pipeline.uploadsDir, good));
  const bad = [
    '',
    '..',
    '../db.sqlite',
    `${'a1'.repeat(16)}.png`,
    `${'A1'.repeat(16)}.webp`,
    `x/${good}`,
    `${good}/`,
    `..\\${good}`,
    `${good}\0`,
    'tmp',
  ];
  for (const name of bad) assert.is(pipeline.fileFor(name), undefined, name);
});

test('sweepOrphans removes unreferenced images and temp files written before the given time only', async () => {
  const keep = `${'b'.repeat(32)}.webp`;
  const orphan = `${'c'.repeat(32)}.webp`;
  const fresh = `${'d'.repeat(32)}.webp`;
  const temp = `${'e'.repeat(32)}.webp.tmp`;
  const other = 'notes.txt';
  for (const name of [keep, orphan, fresh, temp, other]) await writeFile(join(pipeline.uploadsDir, name), 'x');
  const old = new Date(Date.now() - 2 * 3600 * 1000);
  for (const name of [keep, orphan, temp, other]) await utimes(join(pipeline.uploadsDir, name), old, old);
  await mkdir(join(pipeline.uploadsDir, 'tmp'), { recursive: true });
  await writeFile(join(pipeline.uploadsDir, 'tmp', 'stale-upload'), 'x');
  await writeFile(join(pipeline.uploadsDir, 'tmp', 'live-upload'), 'x');
  await utimes(join(pipeline.uploadsDir, 'tmp', 'stale-upload'), old, old);
  assert.is(await pipeline.sweepOrphans(new Set([keep]), Date.now() - 3600 * 1000), 3);
  assert.equal(await stored(), [keep, fresh, other].sort());
  assert.equal(await readdir(join(pipeline.uploadsDir, 'tmp')), ['live-upload']);
  await rm(join(pipeline.uploadsDir, 'tmp'), { recursive: true });
  for (const name of [keep, fresh, other]) await rm(join(pipeline.uploadsDir, name));
});

test.run();
