/**
 * The parts of a JPEG file the scaled decoder needs: the frame (size, components, sampling), the
 * quantization and Huffman tables, the restart interval, Adobe's colour transform and the EXIF
 * orientation. Baseline and progressive Huffman JPEGs (SOF0-2) at 8 bits; anything else is refused.
 */
export type HuffmanTable = { maxCode: Int32Array; valueOffset: Int32Array; values: Uint8Array };

export type FrameComponent = { id: number; h: number; v: number; quantTable: number };

export type Frame = {
  progressive: boolean;
  width: number;
  height: number;
  components: FrameComponent[];
  maxH: number;
  maxV: number;
};

export type JpegInfo = { frame: Frame; orientation: number; adobeTransform: number | undefined };

/** Natural (row-major) index of each zig-zag position. */
export const ZIGZAG = Uint8Array.from([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

export const u16 = (bytes: Uint8Array, at: number): number => (bytes[at]! << 8) | bytes[at + 1]!;

/** A canonical Huffman table from its 16 code counts and its values. */
export function huffmanTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const maxCode = new Int32Array(18).fill(-1);
  const valueOffset = new Int32Array(18);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    const count = counts[length - 1]!;
    valueOffset[length] = index - code;
    if (count > 0) {
      code += count;
      index += count;
      maxCode[length] = code - 1;
    }
    code <<= 1;
  }
  // A sentinel past the longest code, so the decoder's loop always ends.
  maxCode[17] = 0x7fffffff;
  return { maxCode, valueOffset, values };
}

/** EXIF orientation (1-8) from an APP1 segment's data, 1 when absent or unreadable. */
export function exifOrientation(data: Uint8Array): number {
  if (data.length < 14 || String.fromCharCode(...data.subarray(0, 4)) !== 'Exif') return 1;
  const tiff = data.subarray(6);
  const little = tiff[0] === 0x49;
  const read16 = (at: number): number => (little ? tiff[at]! | (tiff[at + 1]! << 8) : u16(tiff, at));
  const read32 = (at: number): number =>
    little ? read16(at) + read16(at + 2) * 65536 : read16(at) * 65536 + read16(at + 2);
  const ifd = read32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = read16(ifd);
  for (let entry = 0; entry < entries; entry++) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > tiff.length) return 1;
    if (read16(at) === 0x0112) {
      const value = read16(at + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

function readFrame(bytes: Uint8Array, at: number, marker: number): Frame {
  if (bytes[at] !== 8) throw new Error('only 8-bit JPEGs are supported');
  const height = u16(bytes, at + 1);
  const width = u16(bytes, at + 3);
  const count = bytes[at + 5]!;
  const components: FrameComponent[] = [];
  for (let index = 0; index < count; index++) {
    const base = at + 6 + index * 3;
    const sampling = bytes[base + 1]!;
    components.push({
      id: bytes[base]!,
      h: sampling >> 4 || 1,
      v: sampling & 15 || 1,
      quantTable: bytes[base + 2]! & 3,
    });
  }
  if (width === 0 || height === 0 || count === 0 || count === 2 || count > 4) throw new Error('unsupported JPEG frame');
  const maxH = Math.max(...components.map((component) => component.h));
  const maxV = Math.max(...components.map((component) => component.v));
  return { progressive: marker === 0xc2, width, height, components, maxH, maxV };
}

/** Reads the markers before the first scan: the frame, the orientation and Adobe's transform. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG file');
  let frame: Frame | undefined;
  let orientation = 1;
  let adobeTransform: number | undefined;
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) throw new Error('JPEG marker expected');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = u16(bytes, at + 2);
    const data = bytes.subarray(at + 4, at + 2 + length);
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(data);
    else if (marker === 0xee && String.fromCharCode(...data.subarray(0, 5)) === 'Adobe') adobeTransform = data[11];
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (marker > 0xc2) throw new Error('only baseline and progressive JPEGs are supported');
      frame ??= readFrame(bytes, at + 4, marker);
    }
    at += 2 + length;
  }
  if (!frame) throw new Error('JPEG without a frame');
  return { frame, orientation, adobeTransform };
}
