import { crc32, deflateSync } from 'node:zlib';
import { ADAM7 } from '../api/images/png-rows';

/** A PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // colour type: RGB
  return pngChunk('IHDR', data);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A real RGB PNG made with zlib (fast even at 4000×3000, unlike jimp's encoder): a smooth
 * diagonal gradient with a few stripes, so it compresses to a small upload.
 */
export function gradientPng(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 3;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      raw[at] = Math.floor((x / width) * 255);
      raw[at + 1] = Math.floor((y / height) * 255);
      raw[at + 2] = (Math.floor(x / 200) + Math.floor(y / 200)) % 2 === 0 ? 200 : 60;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height),
    pngChunk('IDAT', deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb as a header: a well-formed PNG signature and IHDR claiming the given
 * size, then a tiny IDAT. Tiny on disk; decoding it would need width×height×4 bytes.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const firstRows = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of any colour type and depth, samples from `sample(x, y, channel)`, rows unfiltered. */
export function pngImage(
  options: { width: number; height: number; colorType: number; depth: number; interlaced?: boolean; extra?: Buffer[] },
  sample: (x: number, y: number, c: number) => number,
): Buffer {
  const { width, height, colorType, depth } = options;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType]!;
  const passes: ReadonlyArray<readonly number[]> = options.interlaced ? ADAM7 : [[0, 0, 1, 1]];
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    for (let y = y0!; y < height; y += dy!) {
      const xs = [];
      for (let x = x0!; x < width; x += dx!) xs.push(x);
      if (xs.length === 0) continue;
      const row = Buffer.alloc(1 + Math.ceil((xs.length * channels * depth) / 8));
      let bit = 0;
      for (const x of xs) {
        for (let c = 0; c < channels; c++) {
          const value = sample(x, y, c);
          if (depth === 16) row.writeUInt16BE(value, 1 + bit / 8);
          else if (depth === 8) row[1 + bit / 8] = value;
          else row[1 + (bit >> 3)]! |= value << (8 - depth - (bit & 7));
          bit += depth;
        }
      }
      rows.push(row);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = colorType;
  header[12] = options.interlaced ? 1 : 0;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    ...(options.extra ?? []),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
