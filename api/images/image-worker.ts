/**
 * Worker thread: decodes one image, covers it to exactly 1280×720 (scale, then centre-crop) and
 * encodes it as WEBP. Decoding a large photo takes seconds and hundreds of MB: it must never run
 * on the thread that answers HTTP. Messages: `{ id, input }` in, `{ id, output }` or `{ id, error }` out.
 */
import { parentPort } from 'node:worker_threads';
import { COVER_HEIGHT, COVER_WIDTH } from '../../contract/rules/images';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';
import { decodeForCover } from './cover-decode';
import type { Fit } from './cover-sampler';
import { readImageHeader } from './image-header';
import { WEBP_MIME, webpFormat } from './webp-format';

/** The size and format a job covers to (or, with `fit: 'inside'`, fits within); prompt covers use the default. */
export type CoverOutput = { width: number; height: number; mime: 'image/webp' | 'image/png'; fit?: Fit };
export type WorkerRequest = { id: number; input: ArrayBuffer; output?: CoverOutput };
/** `retire`: this job grew the worker's WebAssembly memory (which never shrinks) past what it needs idle. */
export type WorkerAnswer = ({ id: number; output: ArrayBuffer } | { id: number; error: string }) & { retire?: boolean };

/** libwebp's memory grows to ~8 bytes a pixel of the largest picture decoded. */
const RETIRE_FROM_WEBP_PIXELS = 2_000_000;

function growsMemory(input: ArrayBuffer): boolean {
  const header = readImageHeader(new Uint8Array(input));
  return header?.format === 'webp' && header.width * header.height > RETIRE_FROM_WEBP_PIXELS;
}

const Jimp = createJimp({ formats: [...defaultFormats, webpFormat], plugins: defaultPlugins });

export async function coverToWebp(input: ArrayBuffer, output?: CoverOutput): Promise<Buffer> {
  const size = { width: output?.width ?? COVER_WIDTH, height: output?.height ?? COVER_HEIGHT, fit: output?.fit };
  // PNG and JPEG come already reduced to the band the cover keeps; jimp decodes the rest whole.
  const reduced = await decodeForCover(new Uint8Array(input), size);
  const image = reduced ? Jimp.fromBitmap(reduced) : await Jimp.fromBuffer(input);
  if (size.fit !== 'inside') image.cover({ w: size.width, h: size.height });
  else if (image.width > size.width || image.height > size.height) image.scaleToFit({ w: size.width, h: size.height });
  return output?.mime === 'image/png' ? image.getBuffer('image/png') : image.getBuffer(WEBP_MIME);
}

parentPort?.on('message', (request: WorkerRequest) => {
  const retire = growsMemory(request.input);
  coverToWebp(request.input, request.output).then(
    (output) => {
      // A copy into a fresh ArrayBuffer we can transfer (the Buffer may sit in a shared pool).
      const buffer = output.buffer.slice(output.byteOffset, output.byteOffset + output.byteLength) as ArrayBuffer;
      parentPort?.postMessage({ id: request.id, output: buffer, retire } satisfies WorkerAnswer, [buffer]);
    },
    (error: unknown) => {
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
        retire,
      } satisfies WorkerAnswer);
    },
  );
});
