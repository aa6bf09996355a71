import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gradientPng, pngBomb } from '../../test/png-fixture';
import { readImageHeader } from './image-header';
import { webpFormat } from './webp-format';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });

async function encoded(
  mime: 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/bmp',
  width: number,
  height: number,
): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0x3366ccff });
  return image.getBuffer(mime);
}

function riff(chunk: string, payload: number[]): Buffer {
  const body = Buffer.concat([
    Buffer.from(`WEBP${chunk}`, 'ascii'),
    Buffer.alloc(4),
    Buffer.from(payload),
    Buffer.alloc(16),
  ]);
  const header = Buffer.from('RIFF\0\0\0\0', 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

test('PNG: format and size from IHDR, including a bomb that is never decoded', () => {
  assert.equal(readImageHeader(gradientPng(33, 21)), { format: 'png', width: 33, height: 21 });
  assert.equal(readImageHeader(pngBomb(20_000, 20_000)), { format: 'png', width: 20_000, height: 20_000 });
});

test('JPEG: size from the start-of-frame segment after the APP segments', async () => {
  assert.equal(readImageHeader(await encoded('image/jpeg', 640, 480)), { format: 'jpeg', width: 640, height: 480 });
  // An APP1 segment in front of the frame, as cameras write (EXIF).
  const jpeg = await encoded('image/jpeg', 300, 200);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x12]), Buffer.alloc(16, 0x41)]);
  const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
  assert.equal(readImageHeader(withExif), { format: 'jpeg', width: 300, height: 200 });
});

test('WEBP: lossy from a real file; lossless (VP8L) and extended (VP8X) from crafted headers', async () => {
  assert.equal(readImageHeader(await encoded('image/webp', 320, 180)), { format: 'webp', width: 320, height: 180 });
  // VP8L: 0x2f, then (width-1) in 14 bits and (height-1) in the next 14 bits.
  const bits = (1279 & 0x3fff) | ((719 & 0x3fff) << 14);
  const lossless = riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]);
  assert.equal(readImageHeader(lossless), { format: 'webp', width: 1280, height: 720 });
  // VP8X: 4 bytes of flags, then (width-1) and (height-1) as 24-bit little-endian numbers.
  const extended = riff('VP8X', [0, 0, 0, 0, 0x1f, 0x4e, 0x00, 0x1f, 0x4e, 0x00]);
  assert.equal(readImageHeader(extended), { format: 'webp', width: 20_000, height: 20_000 });
  // A VP8X canvas claiming 1×1 around a lossless frame of 16384×16384: the frame counts.
  const hugeBits = 16383 | (16383 << 14);
  const frame = [0x2f, hugeBits & 0xff, (hugeBits >> 8) & 0xff, (hugeBits >> 16) & 0xff, (hugeBits >>> 24) & 0xff];
  const hidden = riff('VP8X', [
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...Buffer.from('ALPH'),
    2,
    0,
    0,
    0,
    9,
    9,
    ...Buffer.from('VP8L'),
    frame.length,
    0,
    0,
    0,
    ...frame,
  ]);
  assert.equal(readImageHeader(hidden), { format: 'webp', width: 16384, height: 16384 });
});

test('anything else is not an image, whatever it is called', async () => {
  const cases: Array<[string, Uint8Array]> = [
    ['text', Buffer.from('this is not a png, only named like one')],
    ['empty', new Uint8Array(0)],
    ['gif', await encoded('image/gif', 10, 10)],
    ['bmp', await encoded('image/bmp', 10, 10)],
    ['truncated png', gradientPng(10, 10).subarray(0, 20)],
    [
      'png signature without IHDR',
      Buffer.concat([gradientPng(10, 10).subarray(0, 8), Buffer.from('\0\0\0\x0dJUNK\0\0\0\0\0\0\0\0')]),
    ],
    ['jpeg start only', Buffer.from([0xff, 0xd8, 0xff])],
    ['jpeg garbage segments', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0x00, 0x00])],
    ['riff that is not webp', Buffer.from('RIFF\x10\0\0\0WAVEfmt \x10\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0', 'latin1')],
  ];
  for (const [label, bytes] of cases) assert.is(readImageHeader(bytes), undefined, label);
});

test.run();
