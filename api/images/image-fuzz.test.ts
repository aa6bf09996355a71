/**
 * The JPEG and PNG decoders on files from outside: crafted files end as they must, and thousands of
 * cut, bit-flipped and overwritten files from a fixed seed (IMAGE_FUZZ_SEED and IMAGE_FUZZ_PER_SEED
 * change it; `npm run bench -- image-fuzz` runs longer) end refused or as a picture, never with a
 * decoder bug. Run in-process for speed; the worker and its limits are tested in resize-queue.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { craftedJpegs, craftedPngs } from '../../test/image-crafted-cases';
import { decodeAsUpload, FUZZ_SIZES, fuzzCases, seededRandom } from '../../test/image-fuzz-cases';

const SEED = Number(process.env.IMAGE_FUZZ_SEED ?? 20261208);
const PER_SEED = Number(process.env.IMAGE_FUZZ_PER_SEED ?? 200);

test('crafted JPEG and PNG files: each refused as it must be (413 or 415) or decoded', async () => {
  for (const crafted of [...craftedJpegs(), ...craftedPngs()]) {
    for (const size of FUZZ_SIZES) {
      const outcome = await decodeAsUpload(crafted.bytes, size);
      const ended = 'refused' in outcome ? outcome.refused : 'image';
      assert.is(ended, crafted.expect, `${crafted.name}: ${'refused' in outcome ? outcome.message : 'a picture'}`);
    }
  }
});

test(`fuzz, seed ${SEED}: every mutant is refused or decoded, never a crash`, async () => {
  const random = seededRandom(SEED);
  const ended = { refused: 0, image: 0 };
  for (const mutant of fuzzCases(SEED, PER_SEED)) {
    const size = FUZZ_SIZES[Math.floor(random() * FUZZ_SIZES.length)]!;
    // A decoder bug throws out of here (a TypeError, a RangeError...) and names the case.
    const outcome = await decodeAsUpload(mutant.bytes, size).catch((error: unknown) => {
      throw new Error(`${mutant.name} (seed ${SEED}): ${String(error)}`);
    });
    ended['refused' in outcome ? 'refused' : 'image']++;
  }
  assert.ok(ended.refused > 100 && ended.image > 100, `both endings seen: ${JSON.stringify(ended)}`);
  // The decoders' buffers are bounded by the picture's size: no case came near an unbounded allocation.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  assert.ok(peakMb < 600, `peak RSS ${peakMb.toFixed(0)} MB`);
});

test.run();
