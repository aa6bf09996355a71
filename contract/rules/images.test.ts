import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IMAGE_NAME_BYTES, MAX_IMAGE_BYTES, imageNamePattern, megapixels } from './images';

const HEX = 'a'.repeat(IMAGE_NAME_BYTES * 2);

test('imageNamePattern: 32 lowercase hex digits and one of the extensions, nothing else', () => {
  const webp = imageNamePattern(['webp']);
  assert.ok(webp.test(`${'0123456789abcdef'.repeat(2)}.webp`));
  for (const name of [
    `${HEX}.png`,
    `${HEX.slice(1)}.webp`,
    `${HEX}a.webp`,
    `${HEX.toUpperCase()}.webp`,
    `../${HEX}.webp`,
    `${HEX}.webp/x`,
    `${HEX}xwebp`,
  ]) {
    assert.not.ok(webp.test(name), name);
  }
  const blobs = imageNamePattern(['webp', 'png', 'jpg']);
  for (const extension of ['webp', 'png', 'jpg']) assert.ok(blobs.test(`${HEX}.${extension}`), extension);
  assert.not.ok(blobs.test(`${HEX}.jpeg`));
  assert.not.ok(blobs.test(`${HEX}.png.tmp`));
});

test('the limits as the messages say them', () => {
  assert.is(MAX_IMAGE_BYTES, 10 * 1024 * 1024);
  assert.is(megapixels(40_000_000), 40);
  assert.is(megapixels(12_000_000), 12);
});

test.run();
