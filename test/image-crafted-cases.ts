/**
 * Files crafted against the JPEG and PNG decoders, each with how it must end: refused by the
 * header's checks (413), refused as damaged or unsupported (415), or decoded to a picture. Huge and
 * zero sizes, a frame or IHDR further on that names another size than the header, missing and bad
 * tables, unsupported codings, bad scan parameters, too many scans, wrong CRCs, absurd lengths,
 * and compressed data that inflates to far more than the picture needs.
 */
import { deflateSync } from 'node:zlib';
import type { FuzzCase } from './image-fuzz-cases';
import { flatJpeg, jpegSegment } from './jpeg-fixture';
import { pngChunk, pngImage } from './png-fixture';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, depth = 8, colorType = 0, interlaced = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = depth;
  data[9] = colorType;
  data[12] = interlaced;
  return pngChunk('IHDR', data);
}

const IEND = pngChunk('IEND', Buffer.alloc(0));
const png = (...chunks: Buffer[]): Buffer => Buffer.concat([PNG_SIGNATURE, ...chunks]);
/** Grey 8-bit rows of zeros (filter 0) for a width×height picture. */
const greyRows = (width: number, height: number): Buffer => Buffer.alloc((1 + width) * height);

/** A flat 8×8 PNG with the byte at `at` inverted. */
function patched(at: number): Buffer {
  const bytes = png(ihdr(8, 8), pngChunk('IDAT', deflateSync(greyRows(8, 8))), IEND);
  bytes[at]! ^= 0xff;
  return bytes;
}

export function craftedPngs(heavy = false): FuzzCase[] {
  const flat = (width: number, height: number): Buffer => pngChunk('IDAT', deflateSync(greyRows(width, height)));
  const longLength = png(ihdr(8, 8), flat(8, 8), IEND);
  longLength.writeUInt32BE(0xffffffff, 33);
  // One row of a 1×1 picture, then 50 MB of zeros and a broken deflate block: only the row is needed.
  const pastThePicture = deflateSync(Buffer.concat([greyRows(1, 1), Buffer.alloc(50 << 20)]));
  pastThePicture.writeUInt32BE(0xdeadbeef, pastThePicture.length - 4);
  const shortIhdr = png(pngChunk('IHDR', ihdr(8, 8).subarray(8, 20)), flat(8, 8), IEND);
  const cases: Array<[string, Buffer, FuzzCase['expect']]> = [
    ['png 65535×65535', png(ihdr(65535, 65535), flat(1, 1), IEND), 413],
    ['png width 0', png(ihdr(0, 8), flat(8, 8), IEND), 415],
    ['png wrong IHDR CRC', patched(29), 415],
    ['png wrong IDAT CRC', patched(png(ihdr(8, 8), flat(8, 8)).length - 1), 415],
    ['png chunk length 0xFFFFFFFF', longLength, 415],
    ['png IHDR 12 bytes long', shortIhdr, 415],
    ['png a second IHDR names 20000×20000', png(ihdr(8, 8), ihdr(20000, 20000), flat(8, 8), IEND), 415],
    ['png a second IHDR names 16×16', png(ihdr(8, 8), ihdr(16, 16), flat(16, 16), IEND), 415],
    ['png IDAT before IHDR', png(flat(8, 8), ihdr(8, 8), IEND), 415],
    ['png without IDAT', png(ihdr(8, 8), IEND), 415],
    ['png without IEND', png(ihdr(8, 8), flat(8, 8)), 415],
    ['png row filter 5', png(ihdr(1, 1), pngChunk('IDAT', deflateSync(Buffer.from([5, 0]))), IEND), 415],
    ['png bit depth 3', png(ihdr(8, 8, 3), flat(8, 8), IEND), 415],
    ['png colour type 1', png(ihdr(8, 8, 8, 1), flat(8, 8), IEND), 415],
    ['png palette at 16 bits', png(ihdr(8, 8, 16, 3), flat(16, 8), IEND), 415],
    ['png palette missing', png(ihdr(8, 8, 8, 3), flat(8, 8), IEND), 415],
    [
      'png palette of one colour, indices up to 255',
      png(
        ihdr(8, 1, 8, 3),
        pngChunk('PLTE', Buffer.from([1, 2, 3])),
        pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 1, 2, 255, 254, 9, 8, 7]))),
        IEND,
      ),
      'image',
    ],
    [
      'png interlaced 1×1',
      pngImage({ width: 1, height: 1, colorType: 0, depth: 8, interlaced: true }, () => 9),
      'image',
    ],
    [
      'png interlaced 3×2 RGBA 16 bits',
      pngImage({ width: 3, height: 2, colorType: 6, depth: 16, interlaced: true }, (x, y, c) => x * 999 + y * 7 + c),
      'image',
    ],
    ['png data ends early', png(ihdr(8, 8), pngChunk('IDAT', deflateSync(greyRows(8, 7))), IEND), 415],
    ['png data damaged', png(ihdr(8, 8), pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0xff])), IEND), 415],
    ['png data goes on 50 MB past the picture', png(ihdr(1, 1), pngChunk('IDAT', pastThePicture), IEND), 'image'],
  ];
  // Seconds of CPU each (a 40-megapixel picture really is decoded): for the bench's longer run.
  if (heavy) cases.push(['png 39.7 MP of zeros in 40 KB', png(ihdr(6300, 6300), flat(6300, 6300), IEND), 'image']);
  return cases.map(([name, bytes, expect]) => ({ name, bytes, expect }));
}

export function craftedJpegs(): FuzzCase[] {
  const grey = { width: 64, height: 48 };
  // The header reads past an RST marker (no length) to a 64×48 frame; a decoder that reads the
  // marker as a segment jumps 0xFFC0 bytes on, to a 65535×65535 frame.
  const small = jpegSegment(0xc0, [8, 0, 48, 0, 64, 1, 1, 0x11, 0]);
  const huge = jpegSegment(0xc0, [8, 0xff, 0xff, 0xff, 0xff, 1, 1, 0x11, 0]);
  const twoFrames = Buffer.alloc(2 + 2 + 0xffc0 + huge.length + 2);
  twoFrames.set([0xff, 0xd8, 0xff, 0xd0, ...small]);
  twoFrames.set([...huge, 0xff, 0xd9], 2 + 2 + 0xffc0);
  const allCounts = jpegSegment(0xc4, [0x00, ...new Array<number>(16).fill(255), 0, 1, 2]);
  const cases: Array<[string, Buffer, FuzzCase['expect']]> = [
    ['jpeg flat grey', flatJpeg(grey), 'image'],
    ['jpeg flat YCbCr progressive', flatJpeg({ ...grey, components: 3, progressive: true }), 'image'],
    ['jpeg 40 MP flat grey', flatJpeg({ width: 7700, height: 5190 }), 'image'],
    ['jpeg 65535×65535', flatJpeg({ width: 65535, height: 65535, data: new Uint8Array(8) }), 413],
    ['jpeg width 0', flatJpeg({ width: 0, height: 48 }), 415],
    ['jpeg height 0', flatJpeg({ width: 64, height: 0 }), 415],
    ['jpeg a frame further on names 65535×65535', twoFrames, 415],
    ['jpeg without Huffman tables', flatJpeg({ ...grey, tables: false }), 415],
    ['jpeg without a quantization table', flatJpeg({ ...grey, quant: false }), 415],
    ['jpeg without a scan', flatJpeg({ ...grey, scan: false }), 415],
    ['jpeg lossless (SOF3)', flatJpeg({ ...grey, sof: 0xc3 }), 415],
    ['jpeg arithmetic coding (SOF9)', flatJpeg({ ...grey, sof: 0xc9 }), 415],
    ['jpeg progressive arithmetic (SOF10)', flatJpeg({ ...grey, sof: 0xca }), 415],
    ['jpeg 12 bits', flatJpeg({ ...grey, precision: 12 }), 415],
    ['jpeg two components', flatJpeg({ ...grey, components: 2 }), 415],
    ['jpeg four components without an Adobe marker', flatJpeg({ ...grey, components: 4 }), 415],
    ['jpeg sampling 0×0', flatJpeg({ ...grey, components: 3, sampling: 0x00 }), 'image'],
    ['jpeg sampling 15×15', flatJpeg({ ...grey, components: 3, sampling: 0xff }), 'image'],
    ['jpeg Huffman counts all 255', flatJpeg({ ...grey, extra: [allCounts] }), 'image'],
    ['jpeg baseline scan with progressive parameters', flatJpeg({ ...grey, scanParams: [5, 2, 0xff] }), 'image'],
    [
      'jpeg progressive scan to coefficient 255',
      flatJpeg({ ...grey, progressive: true, scanParams: [1, 255, 0] }),
      415,
    ],
    [
      'jpeg progressive AC scan of 3 components',
      flatJpeg({ ...grey, components: 3, progressive: true, scanParams: [1, 5, 0] }),
      415,
    ],
    ['jpeg progressive shift 15', flatJpeg({ ...grey, progressive: true, scanParams: [0, 0, 0x0f] }), 415],
    ['jpeg restart every block, no RST markers', flatJpeg({ ...grey, extra: [jpegSegment(0xdd, [0, 1])] }), 'image'],
    ['jpeg 40 MP, scan data 10 bytes', flatJpeg({ width: 7700, height: 5190, data: new Uint8Array(10) }), 'image'],
    [
      'jpeg 40 MP progressive, 5000 scans',
      flatJpeg({ width: 7700, height: 5190, progressive: true, moreScans: 5000 }),
      415,
    ],
  ];
  return cases.map(([name, bytes, expect]) => ({ name, bytes, expect }));
}
