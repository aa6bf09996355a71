import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
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
  return chunk('IHDR', data);
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
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb as a header: a well-formed PNG signature and IHDR claiming the given
 * size, then a tiny IDAT. Tiny on disk; decoding it would need width×height×4 bytes.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const firstRows = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([SIGNATURE, ihdr(width, height), chunk('IDAT', firstRows), chunk('IEND', Buffer.alloc(0))]);
}
