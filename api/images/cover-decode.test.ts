import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeForCover } from './cover-decode';
import { coverPlan, CoverSampler } from './cover-sampler';
import { decodeJpegScaled, jpegShownSize } from './jpeg-scaled';
import { decodePngRows } from './png-rows';
import { pngChunk as chunk, pngImage as png } from '../../test/png-fixture';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);

/** jimp's PNG codec (it ships no types). */
type PngImage = { data: Buffer; width: number; height: number };
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: (new (size: { width: number; height: number }) => PngImage) & {
    sync: { read: (bytes: Buffer) => PngImage; write: (image: PngImage) => Buffer };
  };
};

async function decodeWhole(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const sampler = new CoverSampler({ x: 0, y: 0, width, height, k: 1 });
  await decodePngRows(bytes, (y, rgba, x0, dx, count) => sampler.addRow(y, rgba, x0, dx, count));
  return sampler.bitmap().data;
}

test('PNG rows: every colour type and depth, palette and tRNS, interlaced or not, as pngjs decodes them', async () => {
  const [width, height] = [13, 7];
  const palette = chunk('PLTE', Buffer.from(Array.from({ length: 16 * 3 }, (_, i) => (i * 37) % 256)));
  const cases: Array<[string, Parameters<typeof png>[0]]> = [];
  for (const interlaced of [false, true]) {
    for (const depth of [1, 2, 4, 8, 16])
      cases.push([`grey ${depth}`, { width, height, colorType: 0, depth, interlaced }]);
    for (const depth of [1, 2, 4, 8])
      cases.push([
        `palette ${depth}`,
        { width, height, colorType: 3, depth, interlaced, extra: [palette, chunk('tRNS', Buffer.from([0, 128, 255]))] },
      ]);
    for (const depth of [8, 16]) {
      cases.push([
        `rgb ${depth}`,
        { width, height, colorType: 2, depth, interlaced, extra: [chunk('tRNS', Buffer.from([0, 1, 0, 2, 0, 3]))] },
      ]);
      cases.push([`grey+alpha ${depth}`, { width, height, colorType: 4, depth, interlaced }]);
      cases.push([`rgba ${depth}`, { width, height, colorType: 6, depth, interlaced }]);
    }
    cases.push([
      'grey 8 tRNS',
      { width, height, colorType: 0, depth: 8, interlaced, extra: [chunk('tRNS', Buffer.from([0, 5]))] },
    ]);
  }
  for (const [label, options] of cases) {
    const max = (1 << options.depth) - 1;
    const limit = options.colorType === 3 ? Math.min(max, 15) : max;
    const bytes = png(options, (x, y, c) =>
      options.colorType === 2 && x === 1 && y === 0 ? c + 1 : (x * 5 + y * 11 + c * 3) % (limit + 1),
    );
    const expected = PNG.sync.read(bytes).data;
    assert.equal(
      [...(await decodeWhole(bytes, width, height))],
      [...expected],
      `${label}${options.interlaced ? ' interlaced' : ''}`,
    );
  }
});

test('PNG rows: filtered rows (pngjs picks filters per row) and damaged files', async () => {
  const image = new PNG({ width: 40, height: 30 });
  for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7 + (i >> 6) * 13) % 256;
  const bytes = PNG.sync.write(image);
  assert.equal([...(await decodeWhole(bytes, 40, 30))], [...PNG.sync.read(bytes).data]);
  const damaged = Buffer.from(bytes);
  damaged.fill(0x42, 40);
  await decodePngRows(damaged, () => undefined).then(
    () => assert.unreachable('a damaged PNG must be refused'),
    (error: Error) => assert.match(error.message, /PNG/),
  );
});

test('coverPlan: the centred band a cover keeps, in whole k×k blocks', () => {
  assert.equal(coverPlan(7700, 5190, 1280, 720), { x: 1, y: 429, width: 7698, height: 4332, k: 6 });
  assert.equal(coverPlan(600, 900, 1280, 720), { x: 0, y: 281, width: 600, height: 338, k: 1 });
  assert.equal(coverPlan(160, 90, 1280, 720), { x: 0, y: 0, width: 160, height: 90, k: 1 });
});

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** jpeg-js's whole decode averaged over k×k blocks: what a scaled decode should come close to. */
function reference(bytes: Buffer, k: number): { data: Uint8Array; width: number; height: number } {
  const whole = jpeg.decode(bytes, { useTArray: true });
  const sampler = new CoverSampler({
    x: 0,
    y: 0,
    width: Math.floor(whole.width / k) * k,
    height: Math.floor(whole.height / k) * k,
    k,
  });
  for (let y = 0; y < whole.height; y++) sampler.addRow(y, whole.data.subarray(y * whole.width * 4), 0, 1, whole.width);
  return sampler.bitmap();
}

const decodeAt = (
  bytes: Buffer,
  width: number,
  height: number,
  k: number,
): { data: Uint8Array; width: number; height: number } =>
  decodeJpegScaled(bytes, jpegShownSize(bytes).info, { x: 0, y: 0, width, height, k });

test('JPEG scaled: baseline 4:2:0, 4:2:2, 4:4:4 and grey, restart markers, as jpeg-js decodes them, at 1/1, 1/2, 1/4, 1/8', () => {
  for (const name of [
    'jpeg-baseline-420.jpg',
    'jpeg-baseline-422-restart.jpg',
    'jpeg-baseline-444.jpg',
    'jpeg-baseline-gray.jpg',
  ]) {
    const bytes = readFileSync(new URL(name, FIXTURES));
    for (const k of [1, 2, 4, 8]) {
      const expected = reference(bytes, k);
      const decoded = decodeAt(bytes, expected.width * k, expected.height * k, k);
      assert.equal([decoded.width, decoded.height], [expected.width, expected.height], `${name} 1/${k}`);
      const difference = meanDifference(decoded.data, expected.data);
      assert.ok(difference < (k === 1 ? 1.5 : 4), `${name} at 1/${k}: mean difference ${difference.toFixed(2)}`);
    }
  }
});

test('JPEG scaled: progressive files (jpegtran from the baseline ones, same coefficients) decode exactly as their baseline', () => {
  const pairs = [
    ['jpeg-progressive-420-restart.jpg', 'jpeg-baseline-420.jpg'],
    ['jpeg-progressive-444.jpg', 'jpeg-baseline-444.jpg'],
    ['jpeg-progressive-gray.jpg', 'jpeg-baseline-gray.jpg'],
  ];
  for (const [progressive, baseline] of pairs) {
    for (const k of [1, 2, 4, 8]) {
      const a = decodeAt(readFileSync(new URL(progressive!, FIXTURES)), 320, 200, k);
      const b = decodeAt(readFileSync(new URL(baseline!, FIXTURES)), 320, 200, k);
      assert.equal([a.width, a.height], [b.width, b.height]);
      assert.ok(Buffer.from(a.data).equals(Buffer.from(b.data)), `${progressive} at 1/${k} differs from ${baseline}`);
    }
  }
});

/** The fixture with an EXIF APP1 segment saying `orientation`, right after SOI. */
function withOrientation(bytes: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  const data = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([bytes.subarray(0, 2), head, data, bytes.subarray(2)]);
}

test('JPEG: EXIF orientation turns the picture as jimp does (6: a quarter clockwise)', async () => {
  const bytes = withOrientation(readFileSync(new URL('jpeg-baseline-420.jpg', FIXTURES)), 6);
  const shown = jpegShownSize(bytes);
  assert.equal([shown.info.orientation, shown.width, shown.height], [6, 200, 320]);
  const cover = (await decodeForCover(bytes, { width: 200, height: 320 }))!;
  assert.equal([cover.width, cover.height], [200, 320]);
  // Stored top-left (dark red, blue checker) is shown top-right after a clockwise quarter turn.
  const whole = jpeg.decode(bytes, { useTArray: true });
  const topRight = cover.data.subarray((cover.width - 1) * 4, cover.width * 4);
  assert.ok(
    meanDifference(topRight, whole.data.subarray(0, 4)) < 12,
    `${[...topRight]} vs ${[...whole.data.subarray(0, 4)]}`,
  );
});

test.run();
