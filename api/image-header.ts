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

function webpHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = ascii(bytes, 12, 4);
  const at = (index: number): number => bytes[index]!;
  if (chunk === 'VP8 ') {
    // Lossy: a key frame start code, then 14-bit width and height.
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return { format: 'webp', width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 packed in 14 bits each.
    if (at(20) !== 0x2f) return undefined;
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1 as 24-bit little-endian numbers.
    const width = (at(24) | (at(25) << 8) | (at(26) << 16)) + 1;
    const height = (at(27) | (at(28) << 8) | (at(29) << 16)) + 1;
    return { format: 'webp', width, height };
  }
  return undefined;
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
