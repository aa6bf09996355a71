/**
 * A JPEG decoder that reads a picture at 1/1, 1/2, 1/4 or 1/8 of its size straight from its DCT
 * coefficients (as libjpeg's scaled decoding does), and only the part a cover keeps. jpeg-js
 * holds every coefficient of every block as its own array and then the whole bitmap: ~880 MB for
 * a 24-megapixel photo. Here the coefficients kept are the low n×n of the needed blocks (n = 8/d),
 * plus one bit per coefficient for progressive files: ~20 MB for a 40-megapixel photo.
 */
import type { Bitmap, CoverPlan } from './cover-sampler';
import { huffmanTable, readJpegInfo, u16, ZIGZAG } from './jpeg-markers';
import type { HuffmanTable, JpegInfo } from './jpeg-markers';
import { decodeScan } from './jpeg-scan';
import type { ScanComponent } from './jpeg-scan';
import { toRgba } from './jpeg-color';

/** The orientation, and the picture's size as shown (EXIF 5-8 turn it a quarter). */
export function jpegShownSize(bytes: Uint8Array): { info: JpegInfo; width: number; height: number } {
  const info = readJpegInfo(bytes);
  const turned = info.orientation >= 5;
  return {
    info,
    width: turned ? info.frame.height : info.frame.width,
    height: turned ? info.frame.width : info.frame.height,
  };
}

/**
 * A progressive file sends each coefficient band in a few scans (libjpeg writes 10 for a colour
 * picture); every scan walks all the picture's blocks, so a crafted file of thousands of tiny scans
 * would keep the worker busy for minutes.
 */
export const MAX_SCANS = 100;

/** A progressive scan's band and bit positions as the standard allows them (libjpeg's checks). */
function validProgression(start: number, last: number, high: number, low: number, count: number): boolean {
  if (start > last || last > 63 || high > 13 || low > 13) return false;
  // DC scans (band 0) may interleave components; an AC band is one component's.
  return start === 0 ? last === 0 : count === 1;
}

function quantTable(tables: Uint16Array[], index: number): Uint16Array {
  const table = tables[index];
  if (!table) throw new Error('JPEG frame uses a quantization table it does not define');
  return table;
}

/** cos table of the n-point scaled inverse DCT: T[u*n + x] = C(u)/2 · cos((2x+1)uπ/2n). */
function idctTable(n: number): Float64Array {
  const table = new Float64Array(n * n);
  for (let u = 0; u < n; u++) {
    for (let x = 0; x < n; x++)
      table[u * n + x] = ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
  }
  return table;
}

/** Component samples of the kept blocks at 1/d: an n×n tile per block. */
function componentPlane(
  component: ScanComponent,
  quant: Uint16Array,
  n: number,
): { data: Uint8Array; width: number; x0: number; y0: number } {
  const { x0, y0, x1, y1 } = component.keep;
  const width = (x1 - x0) * n;
  const data = new Uint8Array(width * (y1 - y0) * n);
  const table = idctTable(n);
  const dequantized = new Float64Array(n * n);
  const rows = new Float64Array(n * n);
  for (let by = 0; by < y1 - y0; by++) {
    for (let bx = 0; bx < x1 - x0; bx++) {
      const base = (by * (x1 - x0) + bx) * n * n;
      for (let v = 0; v < n; v++)
        for (let u = 0; u < n; u++)
          dequantized[v * n + u] = component.coefficients[base + v * n + u]! * quant[v * 8 + u]!;
      // Rows first (over u), then columns (over v).
      for (let v = 0; v < n; v++) {
        for (let x = 0; x < n; x++) {
          let sum = 0;
          for (let u = 0; u < n; u++) sum += table[u * n + x]! * dequantized[v * n + u]!;
          rows[v * n + x] = sum;
        }
      }
      for (let y = 0; y < n; y++) {
        const out = (by * n + y) * width + bx * n;
        for (let x = 0; x < n; x++) {
          let sum = 0;
          for (let v = 0; v < n; v++) sum += table[v * n + y]! * rows[v * n + x]!;
          const value = Math.round(sum + 128);
          data[out + x] = value < 0 ? 0 : value > 255 ? 255 : value;
        }
      }
    }
  }
  return { data, width, x0: x0 * n, y0: y0 * n };
}

/**
 * Decodes the rectangle of `plan` (in the file's own orientation) at 1/d, d the largest of 1, 2,
 * 4, 8 not above the plan's reduction; the caller turns the result as EXIF says.
 */
export function decodeJpegScaled(bytes: Uint8Array, info: JpegInfo, plan: CoverPlan): Bitmap {
  const { frame } = info;
  const d = plan.k >= 8 ? 8 : plan.k >= 4 ? 4 : plan.k >= 2 ? 2 : 1;
  const n = 8 / d;
  const mcusPerLine = Math.ceil(frame.width / (8 * frame.maxH));
  const mcusPerColumn = Math.ceil(frame.height / (8 * frame.maxV));
  const components = frame.components.map((spec): ScanComponent & { id: number; quantTable: number } => {
    const sx = spec.h / frame.maxH;
    const sy = spec.v / frame.maxV;
    const keep = {
      x0: Math.floor((plan.x * sx) / 8),
      y0: Math.floor((plan.y * sy) / 8),
      x1: Math.ceil(((plan.x + plan.width) * sx) / 8),
      y1: Math.ceil(((plan.y + plan.height) * sy) / 8),
    };
    const blocksPerLineForMcu = mcusPerLine * spec.h;
    return {
      ...spec,
      blocksPerLine: Math.ceil(Math.ceil(frame.width * sx) / 8),
      blocksPerColumn: Math.ceil(Math.ceil(frame.height * sy) / 8),
      blocksPerLineForMcu,
      keep,
      coefficients: new Int16Array((keep.x1 - keep.x0) * (keep.y1 - keep.y0) * n * n),
      nonZero: frame.progressive ? new Uint32Array(blocksPerLineForMcu * mcusPerColumn * spec.v * 2) : undefined,
      pred: 0,
    };
  });
  const quantTables: Uint16Array[] = [];
  const dcTables: HuffmanTable[] = [];
  const acTables: HuffmanTable[] = [];
  let restartInterval = 0;
  let scans = 0;
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) break;
    if (marker === 0xff || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7)) {
      at++;
      continue;
    }
    const length = u16(bytes, at + 2);
    const end = at + 2 + length;
    if (marker === 0xdb) {
      for (let p = at + 4; p < end;) {
        const wide = bytes[p]! >> 4;
        const table = new Uint16Array(64);
        for (let k = 0; k < 64; k++) table[ZIGZAG[k]!] = wide ? u16(bytes, p + 1 + k * 2) : bytes[p + 1 + k]!;
        quantTables[bytes[p]! & 3] = table;
        p += 1 + 64 * (wide ? 2 : 1);
      }
    } else if (marker === 0xc4) {
      for (let p = at + 4; p < end;) {
        const counts = bytes.subarray(p + 1, p + 17);
        const total = counts.reduce((sum, count) => sum + count, 0);
        const table = huffmanTable(counts, bytes.subarray(p + 17, p + 17 + total));
        if (bytes[p]! >> 4) acTables[bytes[p]! & 3] = table;
        else dcTables[bytes[p]! & 3] = table;
        p += 17 + total;
      }
    } else if (marker === 0xdd) restartInterval = u16(bytes, at + 4);
    else if (marker === 0xda) {
      if (++scans > MAX_SCANS) throw new Error(`JPEG has more than ${MAX_SCANS} scans`);
      const count = bytes[at + 4]!;
      if (count < 1 || count > frame.components.length) throw new Error('JPEG scan has a wrong component count');
      const params = at + 5 + count * 2;
      // A baseline frame's scans are sequential whatever they say (as libjpeg reads them).
      const [start, last, high, low] = frame.progressive
        ? [bytes[params]!, bytes[params + 1]!, bytes[params + 2]! >> 4, bytes[params + 2]! & 15]
        : [0, 63, 0, 0];
      if (frame.progressive && !validProgression(start, last, high, low, count))
        throw new Error('JPEG progressive scan parameters are not valid');
      const scanComponents = Array.from({ length: count }, (_, index) => {
        const id = bytes[at + 5 + index * 2]!;
        const tables = bytes[at + 6 + index * 2]!;
        const component = components.find((candidate) => candidate.id === id);
        if (!component) throw new Error('JPEG scan names an unknown component');
        component.dcTable = dcTables[tables >> 4];
        component.acTable = acTables[tables & 15];
        if ((start === 0 && high === 0 && !component.dcTable) || (last > 0 && !component.acTable))
          throw new Error('JPEG scan uses a Huffman table it does not define');
        component.pred = 0;
        return component;
      });
      const scan = { components: scanComponents, start, end: last, high, low, restartInterval };
      at = decodeScan(bytes, end, scan, { mcusPerLine, mcusPerColumn, n });
      continue;
    }
    at = end;
  }
  if (scans === 0) throw new Error('JPEG without image data');
  const planes = components.map((component) => ({
    ...componentPlane(component, quantTable(quantTables, component.quantTable), n),
    sx: component.h / frame.maxH,
    sy: component.v / frame.maxV,
  }));
  const width = Math.max(1, Math.floor(plan.width / d));
  const height = Math.max(1, Math.floor(plan.height / d));
  return toRgba(
    planes,
    { x: Math.floor(plan.x / d), y: Math.floor(plan.y / d), width, height },
    info,
    frame.components.map((c) => c.id),
  );
}
