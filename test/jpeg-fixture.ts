/**
 * JPEG files built by hand, for the decoders' crafted cases: a flat grey picture of any size in a
 * few bytes a block (Huffman tables of one code each: DC difference 0 is `0`, end of block is `0`),
 * so even a 40-megapixel file is ~160 KB of zeros and decodes to 128 everywhere.
 */

/** One marker segment: FF, the marker, its length (counting itself) and its data. */
export function jpegSegment(marker: number, data: ArrayLike<number>): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...Array.from(data)];
}

const ONE_CODE = [1, ...new Array<number>(15).fill(0)];
/** DC table 0 and AC table 0, each with the single code `0` (DC: difference size 0; AC: end of block). */
export const FLAT_TABLES = jpegSegment(0xc4, [0x00, ...ONE_CODE, 0x00, 0x10, ...ONE_CODE, 0x00]);
/** Quantization table 0, all ones. */
export const FLAT_QUANT = jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]);

export type FlatJpeg = {
  width: number;
  height: number;
  /** 1 (grey) or 3 (YCbCr), each sampled 1×1 unless `sampling` says otherwise. */
  components?: number;
  sampling?: number;
  progressive?: boolean;
  /** The frame marker (C0 baseline, C2 progressive by default). */
  sof?: number;
  precision?: number;
  /** Segments put after the tables, before the scan (DHT, DRI...). */
  extra?: number[][];
  tables?: boolean;
  quant?: boolean;
  scan?: boolean;
  /** The scan's Ss, Se, Ah/Al bytes (baseline 0, 63, 0; progressive DC first 0, 0, 0). */
  scanParams?: [number, number, number];
  /** Bytes of entropy-coded data; by default enough zeros for every block. */
  data?: Uint8Array;
  /** More scans after the first: each of these many bytes of zeros. */
  moreScans?: number;
};

/** A flat grey JPEG built from its parts; each part can be left out or changed. */
export function flatJpeg(options: FlatJpeg): Buffer {
  const { width, height, components = 1, sampling = 0x11, progressive = false } = options;
  const ids = Array.from({ length: components }, (_, index) => index + 1);
  const frame = jpegSegment(options.sof ?? (progressive ? 0xc2 : 0xc0), [
    options.precision ?? 8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    components,
    ...ids.flatMap((id) => [id, sampling, 0]),
  ]);
  const params = options.scanParams ?? (progressive ? [0, 0, 0] : [0, 63, 0]);
  const scanHeader = jpegSegment(0xda, [components, ...ids.flatMap((id) => [id, 0x00]), ...params]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8) * components;
  const data = options.data ?? new Uint8Array(Math.ceil((blocks * (params[1] === 0 ? 1 : 2)) / 8) + 1);
  const more: number[] = [];
  for (let scan = 0; scan < (options.moreScans ?? 0); scan++) more.push(...scanHeader, 0);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, ...(options.quant === false ? [] : FLAT_QUANT), ...frame]),
    Buffer.from([...(options.tables === false ? [] : FLAT_TABLES), ...(options.extra ?? []).flat()]),
    options.scan === false ? Buffer.alloc(0) : Buffer.concat([Buffer.from(scanHeader), data, Buffer.from(more)]),
    Buffer.from([0xff, 0xd9]),
  ]);
}
