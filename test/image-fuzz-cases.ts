/**
 * The image decoders' fuzz: well-formed JPEG and PNG files cut short, bit-flipped and overwritten
 * from a seeded generator (the same seed gives the same cases, so a failure reproduces), and files
 * crafted to break a decoder's assumptions. `decodeAsUpload` runs a case as an upload is run (the
 * header's checks, then the decoder) and says how it ended: refused (the upload's 413 or 415) or a
 * picture. Anything else (a TypeError, a RangeError, an allocation failure) is a decoder bug.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { decodeForCover } from '../api/images/cover-decode';
import type { CoverSize } from '../api/images/cover-decode';
import { imageSizeRefusal, readImageHeader } from '../api/images/image-header';
import { craftedJpegs, craftedPngs } from './image-crafted-cases';
import { gradientPng, pngChunk, pngImage } from './png-fixture';

/** `expect`: how a crafted case must end (mutants may end either way, never otherwise). */
export type FuzzCase = { name: string; bytes: Uint8Array; expect?: 413 | 415 | 'image' };
export type Outcome = { refused: 413 | 415; message: string } | { width: number; height: number };

/** mulberry32: small, fast, and the same numbers for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIXTURES = new URL('./fixtures/', import.meta.url);

/** The well-formed files the mutations start from: the JPEG fixtures and PNGs of every kind. */
export function seedFiles(): FuzzCase[] {
  const jpegs = readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.jpg'))
    .map((name) => ({ name, bytes: readFileSync(new URL(name, FIXTURES)) }));
  const palette = pngChunk('PLTE', Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 37) % 256)));
  const kinds: Array<[string, Parameters<typeof pngImage>[0]]> = [
    ['rgb8', { width: 40, height: 30, colorType: 2, depth: 8 }],
    ['rgba16-interlaced', { width: 37, height: 23, colorType: 6, depth: 16, interlaced: true }],
    ['grey1', { width: 41, height: 9, colorType: 0, depth: 1 }],
    ['grey-alpha8', { width: 20, height: 20, colorType: 4, depth: 8, interlaced: true }],
    [
      'palette4-trns',
      { width: 33, height: 17, colorType: 3, depth: 4, extra: [palette, pngChunk('tRNS', Buffer.from([0, 128]))] },
    ],
  ];
  const pngs = kinds.map(([name, options]) => {
    const values = options.colorType === 3 ? 16 : 2 ** options.depth;
    return { name: `${name}.png`, bytes: pngImage(options, (x, y, c) => ((x * 7 + y * 13 + c * 29) * 97) % values) };
  });
  return [...jpegs, ...pngs, { name: 'gradient.png', bytes: gradientPng(64, 48) }];
}

/** Recomputes every chunk's CRC, so a PNG's mutation reaches the decoder instead of the CRC check. */
function fixCrcs(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    if (at + 12 + length > bytes.length) break;
    view.setUint32(at + 8 + length, crc32(bytes.subarray(at + 4, at + 8 + length)));
    at += 12 + length;
  }
  return bytes;
}

/** `count` mutants of `seed`: cut short, bits flipped, bytes overwritten (PNG: also with CRCs made right). */
export function mutants(seed: FuzzCase, count: number, random: () => number): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const pick = (n: number): number => Math.floor(random() * n);
  const isPng = seed.bytes[0] === 0x89;
  for (let index = 0; index < count; index++) {
    const bytes = Uint8Array.from(seed.bytes);
    const kind = pick(isPng ? 4 : 3);
    if (kind === 0) {
      cases.push({ name: `${seed.name} cut at ${index}`, bytes: bytes.subarray(0, pick(bytes.length)) });
      continue;
    }
    const changes = 1 + pick(8);
    for (let change = 0; change < changes; change++) {
      const at = pick(bytes.length);
      if (kind === 1 || kind === 3) bytes[at]! ^= 1 << pick(8);
      else bytes[at] = [0x00, 0xff, pick(256)][pick(3)]!;
    }
    cases.push({ name: `${seed.name} mutant ${kind}/${index}`, bytes: kind === 3 ? fixCrcs(bytes) : bytes });
  }
  return cases;
}

/** Everything the fuzz runs for `seed`: `perSeed` mutants of each seed file (`heavy`: with the crafted files). */
export function fuzzCases(seed: number, perSeed: number, heavy = false): FuzzCase[] {
  const random = seededRandom(seed);
  const crafted = heavy ? [...craftedJpegs(), ...craftedPngs(true)] : [];
  return [...seedFiles().flatMap((file) => mutants(file, perSeed, random)), ...crafted];
}

/** The cover sizes a case is decoded for: a small cover (scaled decoding), the prompt's, a fit inside. */
export const FUZZ_SIZES: CoverSize[] = [
  { width: 64, height: 36 },
  { width: 1280, height: 720 },
  { width: 50, height: 50, fit: 'inside' },
];

/** A case run as an upload runs it: the header's checks, then the decoder (in-process, no worker). */
export async function decodeAsUpload(bytes: Uint8Array, size: CoverSize): Promise<Outcome> {
  const header = readImageHeader(bytes);
  if (!header || header.width === 0 || header.height === 0) return { refused: 415, message: 'not an image' };
  const refusal = imageSizeRefusal(header);
  if (refusal) return { refused: 413, message: refusal };
  let bitmap;
  try {
    bitmap = await decodeForCover(bytes, size);
  } catch (error) {
    // The decoders' own refusals are plain Errors (zlib's too); TypeError, RangeError... are bugs.
    if (error instanceof Error && error.constructor === Error) return { refused: 415, message: error.message };
    throw error;
  }
  if (!bitmap) throw new Error(`${header.format} is not decoded by the cover decoders`);
  if (bitmap.width < 1 || bitmap.height < 1 || bitmap.data.length !== bitmap.width * bitmap.height * 4)
    throw new Error(`a malformed bitmap: ${bitmap.width}×${bitmap.height}, ${bitmap.data.length} bytes`);
  return { width: bitmap.width, height: bitmap.height };
}
