/**
 * Crafted and fuzzed image files through the real upload call: each answered 413 or 415 as
 * `{ success: false, error }`, or stored (200), never a 500; and the server takes the next upload.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { craftedJpegs, craftedPngs } from '../image-crafted-cases';
import { decodeAsUpload, mutants, seedFiles, seededRandom } from '../image-fuzz-cases';
import type { FuzzCase } from '../image-fuzz-cases';
import { adminServer, call } from '../harness';
import { gradientPng } from '../png-fixture';

const admin = adminServer(test);

const UNREADABLE = 'Image could not be read: the file is damaged or not a supported PNG, JPEG or WEBP image';

async function upload(label: string, bytes: Uint8Array): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = new FormData();
  body.set('title', label.slice(0, 100));
  body.set('prompt_template', 't');
  body.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'upload.png');
  return call(admin.server.url, 'POST', '/api/prompt/create', { body, cookie: admin.cookie });
}

test('crafted files: refused 413 or 415 with { success: false, error }, or stored, as the decoders end them', async () => {
  const names = [
    'jpeg a frame further on names 65535×65535',
    'jpeg without Huffman tables',
    'jpeg baseline scan with progressive parameters',
    'jpeg 65535×65535',
    'png a second IHDR names 20000×20000',
    'png data goes on 50 MB past the picture',
    'png chunk length 0xFFFFFFFF',
  ];
  const crafted = [...craftedJpegs(), ...craftedPngs()].filter((item) => names.includes(item.name));
  assert.is(crafted.length, names.length);
  for (const item of crafted) {
    const answer = await upload(item.name, item.bytes);
    if (item.expect === 'image') {
      assert.is(answer.status, 200, `${item.name}: ${JSON.stringify(answer.json)}`);
      continue;
    }
    assert.is(answer.status, item.expect, item.name);
    assert.is(answer.json.success, false, item.name);
    if (item.expect === 415) assert.is(answer.json.error, UNREADABLE, item.name);
    else assert.match(String(answer.json.error), /^Image is too large: /, item.name);
  }
});

test('fuzzed files: the answer is the one the decoders give in-process, never a 500', async () => {
  const random = seededRandom(32);
  const cases: FuzzCase[] = seedFiles().flatMap((file) => mutants(file, 2, random));
  for (const item of cases) {
    const expected = await decodeAsUpload(item.bytes, { width: 1280, height: 720 });
    const answer = await upload(item.name, item.bytes);
    assert.is(answer.status, 'refused' in expected ? expected.refused : 200, item.name);
    if ('refused' in expected) assert.equal(Object.keys(answer.json).sort(), ['error', 'success'], item.name);
  }
  // And the pipeline goes on.
  assert.is((await upload('after the fuzz', gradientPng(64, 36))).status, 200);
});

test.run();
