/**
 * Worker thread: decodes one image, covers it to exactly 1280×720 (scale, then centre-crop) and
 * encodes it as WEBP. Decoding a large photo takes seconds and hundreds of MB: it must never run
 * on the thread that answers HTTP. Messages: `{ id, input }` in, `{ id, output }` or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { WEBP_MIME, webpFormat } from './webp-format';

export type WorkerRequest = { id: number; input: ArrayBuffer };
export type WorkerAnswer = { id: number; output: ArrayBuffer } | { id: number; error: string };

export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });

export async function coverToWebp(input: ArrayBuffer): Promise<Buffer> {
  const image = await Jimp.fromBuffer(input);
  image.cover({ w: COVER_WIDTH, h: COVER_HEIGHT });
  return image.getBuffer(WEBP_MIME);
}

parentPort?.on('message', (request: WorkerRequest) => {
  coverToWebp(request.input).then(
    (output) => {
      // A copy into a fresh ArrayBuffer we can transfer (the Buffer may sit in a shared pool).
      const buffer = output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength) as ArrayBuffer;
      parentPort?.postMessage({ id: request.id, output: buffer } satisfies WorkerAnswer, [buffer]);
    },
    (error: unknown) => {
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerAnswer);
    },
  );
});
