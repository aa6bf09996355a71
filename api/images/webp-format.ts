import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import decodeWebp, { init as initDecoder } from '@jsquash/webp/decode.js';
import encodeWebp, { init as initEncoder } from '@jsquash/webp/encode.js';
import type { Format } from '@jimp/types';
import { simd } from 'wasm-feature-detect';

type WebpInit = (module: WebAssembly.Module) => Promise<unknown>;
type Bitmap = { data: Buffer; width: number; height: number };

export const WEBP_MIME = 'image/webp';
/** Quality 80 keeps a 1280×720 photo around 40–80 KB, well under what jimp's JPEG encoder writes. */
const WEBP_QUALITY = 80;

let ready: Promise<void> | undefined;

async function compile(packagePath: string): Promise<WebAssembly.Module> {
  const require = createRequire(import.meta.url);
  return WebAssembly.compile(await readFile(require.resolve(packagePath)));
}

/**
 * The codecs would load their .wasm with fetch() on a file: URL, which fails in Node 20 (the
 * reason jimp's own wasm-webp plugin breaks): compile the files from the package folder once and
 * hand each module to the codec's init instead.
 */
function loadCodecs(): Promise<void> {
  ready ??= (async () => {
    // The decoder builds its answer with `new ImageData(...)`, which Node lacks.
    if (!('ImageData' in globalThis)) {
      (globalThis as Record<string, unknown>).ImageData = class ImageData {
        constructor(
          readonly data: Uint8ClampedArray,
          readonly width: number,
          readonly height: number,
        ) {}
      };
    }
    // The encoder's init picks its glue script by SIMD support: the .wasm must be the matching one.
    const encoderWasm = (await simd())
      ? '@jsquash/webp/codec/enc/webp_enc_simd.wasm'
      : '@jsquash/webp/codec/enc/webp_enc.wasm';
    const [decoder, encoder] = await Promise.all([
      compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
      compile(encoderWasm),
    ]);
    await Promise.all([(initDecoder as unknown as WebpInit)(decoder), (initEncoder as unknown as WebpInit)(encoder)]);
  })();
  return ready;
}

/** A jimp format plugin (`createJimp({ formats: [...defaultFormats, webpFormat] })`) over @jsquash/webp. */
export function webpFormat(): Format<typeof WEBP_MIME> {
  return {
    mime: WEBP_MIME,
    hasAlpha: true,
    async decode(data: Buffer): Promise<Bitmap> {
      await loadCodecs();
      const input = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
      const image = await decodeWebp(input);
      return {
        data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
        width: image.width,
        height: image.height,
      };
    },
    async encode(bitmap: Bitmap): Promise<Buffer> {
      await loadCodecs();
      const pixels = new Uint8ClampedArray(
        bitmap.data.buffer as ArrayBuffer,
        bitmap.data.byteOffset,
        bitmap.data.byteLength,
      );
      const output = await encodeWebp(
        { data: pixels, width: bitmap.width, height: bitmap.height, colorSpace: 'srgb' },
        { quality: WEBP_QUALITY },
      );
      return Buffer.from(output);
    },
  };
}
