/**
 * The resize worker's limits: a job that never ends is cut off at the time limit and one that grows
 * its heap without end at the heap limit; either way the job is answered (the upload 503) and the
 * next job gets a new worker. Under the same limits the real worker covers a 40-megapixel JPEG.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../data/open-store';
import { flatJpeg } from '../../test/jpeg-fixture';
import { gradientPng } from '../../test/png-fixture';
import { HttpError } from '../http/http-error';
import { readImageHeader } from './image-header';
import { ImagePipeline } from './images';
import { ImageDecodeError, ResizeQueue } from './resize-queue';

/**
 * A worker speaking image-worker's messages: input ending in 1 never ends, in 2 fills its heap, in 3
 * answers its heap's limit in MB (a byte), else is echoed.
 */
const TEST_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, input }) => {
  const last = new Uint8Array(input).at(-1);
  if (last === 1) for (;;);
  if (last === 2) { const hog = []; for (;;) hog.push(new Array(100000).fill(Math.random())); }
  if (last === 3) {
    const limit = require('node:v8').getHeapStatistics().heap_size_limit / 1048576;
    return parentPort.postMessage({ id, output: Uint8Array.of(Math.min(255, limit)).buffer });
  }
  parentPort.postMessage({ id, output: input }, [input]);
});`;

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** The error a job that must fail fails with. */
async function failure(job: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await job;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('the job was expected to fail');
}

test('a job that never ends is cut off at the time limit; the next job gets a new worker', async () => {
  const queue = new ResizeQueue({ timeoutMs: 1_000, workerCode: TEST_WORKER });
  try {
    const stuck = await failure(queue.run(bytes(1), undefined, false));
    assert.not.instance(stuck, ImageDecodeError);
    assert.match(stuck.message, 'image processing took over 1000 ms');
    assert.equal([...(await queue.run(bytes(4, 5), undefined, false))], [4, 5]);
  } finally {
    await queue.close();
  }
});

test('a job that grows its heap without end is stopped by the heap limit, not the clock', async () => {
  // No time limit to speak of: without resourceLimits this job would run until the test file's own timeout.
  const queue = new ResizeQueue({ timeoutMs: 3_600_000, workerCode: TEST_WORKER });
  try {
    // Asked first, so a worker without limits (2-4 GB of heap) is caught before it fills the machine.
    const [limitMb] = await queue.run(bytes(3), undefined, false);
    assert.ok(limitMb! < 255, `the worker's heap is limited (${limitMb} MB)`);
    const grown = await failure(queue.run(bytes(2), undefined, false));
    assert.is(grown.code, 'ERR_WORKER_OUT_OF_MEMORY', grown.message);
    assert.equal([...(await queue.run(bytes(5), undefined, false))], [5]);
  } finally {
    await queue.close();
  }
});

test('an upload whose worker is stuck is answered 503, and the next upload is stored', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'loop-resize-'));
  const store = await openStore({
    databaseUrl: undefined,
    dataDir: dir,
    onError: console.error,
    onInfo: () => undefined,
  });
  const pipeline = await ImagePipeline.open(dir, store.blobs, { timeoutMs: 1_000, workerCode: TEST_WORKER });
  try {
    // A PNG passes the checks; the byte after its end tells the test worker what to do.
    const png = gradientPng(8, 8);
    const answer = await failure(pipeline.storeCover(Buffer.concat([png, bytes(1)])));
    assert.instance(answer, HttpError);
    assert.equal(
      [(answer as HttpError).status, (answer as HttpError).message],
      [503, 'Image processing failed, please try again'],
    );
    const stored = await pipeline.storeCover(Buffer.concat([png, bytes(0)]));
    assert.equal([stored.width, stored.height], [8, 8]);
  } finally {
    await pipeline.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('the real worker, under these limits, covers a 40-megapixel JPEG to 1280×720', async () => {
  const queue = new ResizeQueue();
  try {
    const output = await queue.run(flatJpeg({ width: 7700, height: 5190, components: 3 }), undefined, false);
    assert.equal(readImageHeader(output), { format: 'webp', width: 1280, height: 720 });
  } finally {
    await queue.close();
  }
});

test.run();
