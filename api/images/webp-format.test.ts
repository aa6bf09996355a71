import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WEBP_MIME, webpFormat } from './webp-format';

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });

test('webpFormat: jimp encodes and decodes WEBP in Node (no fetch of the .wasm)', async () => {
  const image = new Jimp({ width: 64, height: 36, color: 0xff0000ff });
  for (let x = 32; x < 64; x++) for (let y = 0; y < 36; y++) image.setPixelColor(0x0000ffff, x, y);
  const bytes = await image.getBuffer(WEBP_MIME);
  assert.is(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
  assert.is(bytes.subarray(8, 12).toString('latin1'), 'WEBP');
  const decoded = await Jimp.fromBuffer(bytes);
  assert.equal([decoded.bitmap.width, decoded.bitmap.height], [64, 36]);
  // Lossy, so compare colours roughly: red on the left half, blue on the right.
  const left = decoded.getPixelColor(8, 18);
  const right = decoded.getPixelColor(56, 18);
  assert.ok(
    left >>> 24 > 200 && ((right >>> 8) & 0xff) > 200,
    `left ${left.toString(16)}, right ${right.toString(16)}`,
  );
});

test('webpFormat: a damaged WEBP is an error, not a crash', async () => {
  const image = new Jimp({ width: 16, height: 16, color: 0x00ff00ff });
  const bytes = Buffer.from(await image.getBuffer(WEBP_MIME));
  bytes.fill(0x55, 30);
  let failed = false;
  try {
    await Jimp.fromBuffer(bytes);
  } catch {
    failed = true;
  }
  assert.ok(failed);
});

test.run();
