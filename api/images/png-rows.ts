/**
 * A PNG decoder that hands over its pixels row by row as the compressed data inflates, so a
 * picture is never whole in memory (pngjs holds the inflated data and the RGBA bitmap at once:
 * ~280 MB at 40 megapixels). Everything PNG allows: grey, RGB, palette, grey+alpha, RGBA, at
 * 1-16 bits, with tRNS transparency, interlaced or not. Rows come out as RGBA at 8 bits.
 */
import { createInflate, crc32 } from 'node:zlib';

export type PngHeader = { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean };
/** Pixels of row `y` at x = x0, x0 + dx, ... (dx > 1 in the passes of an interlaced picture). */
export type RowSink = (y: number, rgba: Uint8Array, x0: number, dx: number, count: number) => void;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7: x0, y0, dx, dy of each pass. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

type Chunks = { header: PngHeader; palette?: Uint8Array; transparency?: Uint8Array; data: Uint8Array[] };

function readChunks(bytes: Uint8Array): Chunks {
  if (bytes.length < 8 || SIGNATURE.some((value, index) => bytes[index] !== value)) throw new Error('not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | undefined;
  const found: Omit<Chunks, 'header'> = { data: [] };
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) throw new Error('PNG ends before IEND');
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.length) throw new Error('PNG chunk runs past the end of the file');
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length))
      throw new Error(`PNG ${type} chunk is damaged`);
    at += 12 + length;
    if ((type === 'IHDR') !== (header === undefined)) throw new Error('PNG must start with one IHDR chunk');
    if (type === 'IHDR') {
      if (length !== 13) throw new Error('PNG IHDR chunk has a wrong length');
      const info = new DataView(data.buffer, data.byteOffset, data.byteLength);
      header = {
        width: info.getUint32(0),
        height: info.getUint32(4),
        bitDepth: data[8]!,
        colorType: data[9]!,
        interlaced: data[12] === 1,
      };
      if (!DEPTHS[header.colorType]?.includes(header.bitDepth) || data[10] !== 0 || data[11] !== 0 || data[12]! > 1)
        throw new Error('unsupported PNG format');
    } else if (type === 'PLTE') found.palette = data;
    else if (type === 'tRNS') found.transparency = data;
    else if (type === 'IDAT') found.data.push(data);
    else if (type === 'IEND') break;
  }
  if (!header || header.width === 0 || header.height === 0 || found.data.length === 0)
    throw new Error('PNG without image data');
  if (header.colorType === 3 && !found.palette) throw new Error('PNG palette missing');
  return { header, ...found };
}

/** Turns one unfiltered row of samples into RGBA at 8 bits. */
function pixelConverter(chunks: Chunks): (row: Uint8Array, out: Uint8Array, count: number) => void {
  const { bitDepth: depth, colorType } = chunks.header;
  const channels = CHANNELS[colorType]!;
  const palette = chunks.palette;
  const alphas = chunks.transparency;
  const sample =
    depth === 16
      ? (row: Uint8Array, index: number): number => (row[index * 2]! << 8) | row[index * 2 + 1]!
      : depth === 8
        ? (row: Uint8Array, index: number): number => row[index]!
        : (row: Uint8Array, index: number): number =>
            (row[(index * depth) >> 3]! >> (8 - depth - ((index * depth) & 7))) & ((1 << depth) - 1);
  const max = (1 << depth) - 1;
  const to8 = (value: number): number => (depth === 8 ? value : Math.round((value * 255) / max));
  // tRNS for grey and RGB: the one colour (at the picture's depth) that is fully transparent.
  const key =
    alphas && (colorType === 0 || colorType === 2)
      ? Array.from({ length: colorType === 0 ? 1 : 3 }, (_, i) => (alphas[i * 2]! << 8) | alphas[i * 2 + 1]!)
      : undefined;
  return (row, out, count) => {
    for (let x = 0, to = 0; x < count; x++, to += 4) {
      const first = sample(row, x * channels);
      if (colorType === 3) {
        out[to] = palette![first * 3] ?? 0;
        out[to + 1] = palette![first * 3 + 1] ?? 0;
        out[to + 2] = palette![first * 3 + 2] ?? 0;
        out[to + 3] = alphas?.[first] ?? 255;
      } else if (channels <= 2) {
        out[to] = out[to + 1] = out[to + 2] = to8(first);
        out[to + 3] = channels === 2 ? to8(sample(row, x * 2 + 1)) : 255;
        // The transparent colour becomes transparent black, as pngjs (jimp's decoder) makes it.
        if (key && first === key[0]) out[to] = out[to + 1] = out[to + 2] = out[to + 3] = 0;
      } else {
        const green = sample(row, x * channels + 1);
        const blue = sample(row, x * channels + 2);
        out[to] = to8(first);
        out[to + 1] = to8(green);
        out[to + 2] = to8(blue);
        out[to + 3] = channels === 4 ? to8(sample(row, x * 4 + 3)) : 255;
        if (key && first === key[0] && green === key[1] && blue === key[2])
          out[to] = out[to + 1] = out[to + 2] = out[to + 3] = 0;
      }
    }
  };
}

/** Undoes a row's filter in place; `previous` is the row above (zeros for the first). */
function unfilter(filter: number, row: Uint8Array, previous: Uint8Array, bpp: number): void {
  const length = row.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < length; i++) row[i] = (row[i]! + row[i - bpp]!) & 0xff;
      return;
    case 2:
      for (let i = 0; i < length; i++) row[i] = (row[i]! + previous[i]!) & 0xff;
      return;
    case 3:
      for (let i = 0; i < length; i++)
        row[i] = (row[i]! + (((i >= bpp ? row[i - bpp]! : 0) + previous[i]!) >> 1)) & 0xff;
      return;
    case 4:
      for (let i = 0; i < length; i++) {
        const a = i >= bpp ? row[i - bpp]! : 0;
        const b = previous[i]!;
        const c = i >= bpp ? previous[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        row[i] = (row[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
      return;
    default:
      throw new Error(`PNG row filter ${filter} is not valid`);
  }
}

/** Reads the header only (no decoding). */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  return readChunks(bytes).header;
}

/** Decodes `bytes`, handing each row to `sink` as it is ready. */
export async function decodePngRows(bytes: Uint8Array, sink: RowSink): Promise<PngHeader> {
  const chunks = readChunks(bytes);
  const { width, height, bitDepth, colorType, interlaced } = chunks.header;
  const bitsPerPixel = CHANNELS[colorType]! * bitDepth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const passes = (interlaced ? ADAM7 : [[0, 0, 1, 1] as const])
    .map(([x0, y0, dx, dy]) => ({
      x0,
      y0,
      dx,
      dy,
      columns: Math.ceil((width - x0) / dx),
      rows: Math.ceil((height - y0) / dy),
    }))
    .filter((pass) => pass.columns > 0 && pass.rows > 0);
  const convert = pixelConverter(chunks);
  const rgba = new Uint8Array(width * 4);
  let passIndex = 0;
  let rowIndex = 0;
  let rowBytes = 0;
  let row = new Uint8Array(0);
  let previous = new Uint8Array(0);
  let filled = 0;
  const startPass = (): void => {
    const pass = passes[passIndex]!;
    rowBytes = 1 + Math.ceil((pass.columns * bitsPerPixel) / 8);
    row = new Uint8Array(rowBytes);
    previous = new Uint8Array(rowBytes - 1);
    rowIndex = 0;
    filled = 0;
  };
  startPass();
  /** Every row was read: whatever data follows is not needed (and may inflate to gigabytes). */
  const done = (): boolean => passIndex >= passes.length;
  const take = (chunk: Buffer): void => {
    for (let offset = 0; offset < chunk.length && passIndex < passes.length;) {
      const copied = Math.min(rowBytes - filled, chunk.length - offset);
      row.set(chunk.subarray(offset, offset + copied), filled);
      filled += copied;
      offset += copied;
      if (filled < rowBytes) return;
      const pass = passes[passIndex]!;
      const samples = row.subarray(1);
      unfilter(row[0]!, samples, previous, bpp);
      convert(samples, rgba, pass.columns);
      sink(pass.y0 + rowIndex * pass.dy, rgba, pass.x0, pass.dx, pass.columns);
      previous.set(samples);
      filled = 0;
      if (++rowIndex === pass.rows && ++passIndex < passes.length) startPass();
    }
  };
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    inflate.on('data', (chunk: Buffer) => {
      try {
        take(chunk);
      } catch (error) {
        inflate.destroy(error as Error);
        return;
      }
      if (done()) {
        inflate.destroy();
        resolve();
      }
    });
    inflate.on('error', reject);
    inflate.on('end', () => (done() ? resolve() : reject(new Error('PNG image data ends early'))));
    for (const part of chunks.data) inflate.write(part);
    inflate.end();
  });
  return chunks.header;
}
