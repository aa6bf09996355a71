import { MAX_IMAGE_PIXELS, MAX_WEBP_PIXELS, megapixels } from '../../contract/rules/images';

export type ImageFormat = 'png' | 'jpeg' | 'webp';
export type ImageHeader = { format: ImageFormat; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Start-of-frame markers carry the dimensions; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames.
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((value, index) => bytes[at + index] === value);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  // The first chunk must be IHDR: length 13, then width and height as big-endian 32-bit numbers.
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = view.getUint16(offset + 2);
    if (length < 2) return undefined;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { format: 'jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

/** Dimensions of one WEBP bitstream chunk (`VP8 ` lossy or `VP8L` lossless) whose data starts at `at`. */
function webpFrame(bytes: Uint8Array, chunk: string, at: number): { width: number; height: number } | undefined {
  const byte = (index: number): number => bytes[at + index] ?? 0;
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the key frame start code, then 14-bit width and height.
    if (byte(3) !== 0x9d || byte(4) !== 0x01 || byte(5) !== 0x2a) return undefined;
    return { width: (byte(6) | (byte(7) << 8)) & 0x3fff, height: (byte(8) | (byte(9) << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 packed in 14 bits each.
    if (byte(0) !== 0x2f) return undefined;
    const bits = byte(1) | (byte(2) << 8) | (byte(3) << 16) | (byte(4) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

function webpHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 30) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const first = ascii(bytes, 12, 4);
  if (first !== 'VP8X') {
    const frame = webpFrame(bytes, first, 20);
    return frame && { format: 'webp', ...frame };
  }
  // Extended: canvas width-1 and height-1 as 24-bit little-endian numbers...
  const at = (index: number): number => bytes[index]!;
  let width = (at(24) | (at(25) << 8) | (at(26) << 16)) + 1;
  let height = (at(27) | (at(28) << 8) | (at(29) << 16)) + 1;
  // ...but the decoder works from the frame's own size: count the larger of the two.
  for (let offset = 30; offset + 8 <= bytes.length;) {
    const chunk = ascii(bytes, offset, 4);
    const frame = webpFrame(bytes, chunk, offset + 8);
    if (frame && frame.width * frame.height > width * height) ({ width, height } = frame);
    if (frame) break;
    offset += 8 + view.getUint32(offset + 4, true) + (view.getUint32(offset + 4, true) % 2);
  }
  return { format: 'webp', width, height };
}

/**
 * Recognises PNG, JPEG and WEBP by their first bytes (never by name or declared type) and reads
 * the dimensions from the header, so an oversized image is refused before anything is decoded.
 * Anything else, or a header too damaged to read, gives undefined.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngHeader(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegHeader(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpHeader(bytes);
  return undefined;
}

/** No other accepted format can be wider or taller; a PNG row of this many pixels is at most 512 KB. */
export const MAX_IMAGE_SIDE = 65_535;

/**
 * Why a picture of this size is refused (the upload's 413 message), or undefined if it may be
 * decoded. Checked on the header before any decoding, and again by each decoder on the frame it
 * actually reads, so every allocation is bounded by these limits whatever the file says later.
 */
export function imageSizeRefusal({ format, width, height }: ImageHeader): string | undefined {
  const pixels = `${width}×${height} pixels`;
  if (width * height > MAX_IMAGE_PIXELS)
    return `Image is too large: ${pixels} (max ${megapixels(MAX_IMAGE_PIXELS)} megapixels)`;
  if (format === 'webp' && width * height > MAX_WEBP_PIXELS)
    return `Image is too large: ${pixels} (max ${megapixels(MAX_WEBP_PIXELS)} megapixels for WEBP)`;
  if (Math.max(width, height) > MAX_IMAGE_SIDE)
    return `Image is too large: ${pixels} (max ${MAX_IMAGE_SIDE} pixels a side)`;
  return undefined;
}
