/**
 * Entropy decoding of one JPEG scan (baseline or progressive, with restart intervals) into the
 * coefficient store of each component. Every block is decoded, as the bit stream requires, but
 * only the coefficients the scaled output uses (the low n×n of each block) of the blocks it
 * needs are kept; progressive refinement still sees, through one bit per coefficient, which
 * coefficients of every block are already non-zero.
 */
import type { HuffmanTable } from './jpeg-markers';
import { ZIGZAG } from './jpeg-markers';

/** A component's blocks: all of them for decoding, the kept rectangle for the output. */
export type ScanComponent = {
  h: number;
  v: number;
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Blocks per line including the padding to whole MCUs (the stride of `nonZero`). */
  blocksPerLineForMcu: number;
  keep: { x0: number; y0: number; x1: number; y1: number };
  /** n×n coefficients per kept block, natural order within the n×n corner. */
  coefficients: Int16Array;
  /** Progressive only: 2 words per block (all blocks), a bit per natural position already non-zero. */
  nonZero: Uint32Array | undefined;
  dcTable?: HuffmanTable;
  acTable?: HuffmanTable;
  pred: number;
};

export type Scan = {
  components: ScanComponent[];
  start: number;
  end: number;
  high: number;
  low: number;
  restartInterval: number;
};

export type ScanGeometry = { mcusPerLine: number; mcusPerColumn: number; n: number };

class BitReader {
  private bits = 0;
  private count = 0;
  /** The data ran out (end of file or a marker other than RSTn): the rest of the scan is not in the file. */
  ended = false;

  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  bit(): number {
    if (this.count === 0) {
      const byte = this.bytes[this.at];
      const next = this.bytes[this.at + 1];
      if (byte === undefined || (byte === 0xff && next !== 0)) {
        // The end of the file or a marker: read zeros as decoders do. An RSTn is stepped over at the restart.
        if (byte === undefined || next === undefined || next < 0xd0 || next > 0xd7) this.ended = true;
        return 0;
      }
      this.at += byte === 0xff ? 2 : 1;
      this.bits = byte;
      this.count = 8;
    }
    this.count--;
    return (this.bits >> this.count) & 1;
  }

  receive(length: number): number {
    let value = 0;
    for (let index = 0; index < length; index++) value = (value << 1) | this.bit();
    return value;
  }

  extend(length: number): number {
    if (length === 0) return 0;
    const value = this.receive(length);
    return value < 1 << (length - 1) ? value - (1 << length) + 1 : value;
  }

  decode(table: HuffmanTable): number {
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | this.bit();
      if (code <= table.maxCode[length]!) return table.values[table.valueOffset[length]! + code] ?? 0;
    }
    return 0;
  }

  /** At a restart: forget buffered bits and step over the RSTn marker (searching for it if needed). */
  restart(): void {
    this.count = 0;
    while (
      this.at + 1 < this.bytes.length &&
      !(this.bytes[this.at] === 0xff && this.bytes[this.at + 1]! >= 0xd0 && this.bytes[this.at + 1]! <= 0xd7)
    )
      this.at++;
    this.at += 2;
  }
}

/** Decodes one scan starting at `at`; returns where the scan's data ends. */
export function decodeScan(bytes: Uint8Array, at: number, scan: Scan, geometry: ScanGeometry): number {
  const reader = new BitReader(bytes, at);
  const { start, end, high, low } = scan;
  const n = geometry.n;
  // Where each natural position goes in a kept block's n×n corner, or -1.
  const slot = Int8Array.from({ length: 64 }, (_, z) => ((z & 7) < n && z >> 3 < n ? (z >> 3) * n + (z & 7) : -1));
  let eobRun = 0;
  let state = 0;
  let run = 0;
  let nextValue = 0;

  const keptAt = (component: ScanComponent, row: number, col: number): number => {
    const { keep } = component;
    if (row < keep.y0 || row >= keep.y1 || col < keep.x0 || col >= keep.x1) return -1;
    return ((row - keep.y0) * (keep.x1 - keep.x0) + col - keep.x0) * n * n;
  };
  const set = (component: ScanComponent, base: number, block: number, z: number, value: number): void => {
    if (base >= 0 && slot[z]! >= 0) component.coefficients[base + slot[z]!] = value;
    if (component.nonZero && value !== 0) component.nonZero[block * 2 + (z >> 5)]! |= 1 << (z & 31);
  };
  const isNonZero = (component: ScanComponent, block: number, z: number): boolean =>
    ((component.nonZero![block * 2 + (z >> 5)]! >>> (z & 31)) & 1) === 1;
  // A refinement bit for a coefficient already non-zero: moves it away from zero.
  const refine = (component: ScanComponent, base: number, z: number): void => {
    if (reader.bit() && base >= 0 && slot[z]! >= 0) {
      const index = base + slot[z]!;
      component.coefficients[index]! += (component.coefficients[index]! >= 0 ? 1 : -1) << low;
    }
  };

  const decodeBlock = (component: ScanComponent, row: number, col: number): void => {
    const base = keptAt(component, row, col);
    const block = row * component.blocksPerLineForMcu + col;
    if (start === 0 && high === 0) {
      // Baseline, or a progressive DC first pass.
      component.pred += reader.extend(reader.decode(component.dcTable!));
      if (base >= 0) component.coefficients[base] = component.pred * (1 << low);
      if (end === 0) return;
      for (let k = 1; k < 64;) {
        const symbol = reader.decode(component.acTable!);
        const size = symbol & 15;
        if (size === 0) {
          if (symbol !== 0xf0) break;
          k += 16;
          continue;
        }
        k += symbol >> 4;
        if (k > 63) break;
        set(component, base, block, ZIGZAG[k]!, reader.extend(size));
        k++;
      }
      return;
    }
    if (start === 0) {
      // DC refinement.
      if (reader.bit() && base >= 0) component.coefficients[base]! |= 1 << low;
      return;
    }
    if (high === 0) {
      // AC first pass.
      if (eobRun > 0) {
        eobRun--;
        return;
      }
      for (let k = start; k <= end;) {
        const symbol = reader.decode(component.acTable!);
        const size = symbol & 15;
        const skip = symbol >> 4;
        if (size === 0) {
          if (skip < 15) {
            eobRun = reader.receive(skip) + (1 << skip) - 1;
            break;
          }
          k += 16;
          continue;
        }
        k += skip;
        if (k > 63) break;
        set(component, base, block, ZIGZAG[k]!, reader.extend(size) * (1 << low));
        k++;
      }
      return;
    }
    // AC refinement: a state machine over the band, carried from block to block by the EOB run.
    for (let k = start; k <= end; k++) {
      const z = ZIGZAG[k]!;
      const nonZero = isNonZero(component, block, z);
      if (state === 0) {
        const symbol = reader.decode(component.acTable!);
        const size = symbol & 15;
        run = symbol >> 4;
        if (size === 0) {
          if (run < 15) {
            eobRun = reader.receive(run) + (1 << run);
            state = 4;
          } else {
            run = 16;
            state = 1;
          }
        } else {
          nextValue = reader.extend(size);
          state = run ? 2 : 3;
        }
        k--;
        continue;
      }
      if (nonZero) refine(component, base, z);
      else if (state === 1 || state === 2) {
        if (--run === 0) state = state === 2 ? 3 : 0;
      } else if (state === 3) {
        set(component, base, block, z, nextValue * (1 << low));
        state = 0;
      }
    }
    if (state === 4 && --eobRun === 0) state = 0;
  };

  const single = scan.components.length === 1;
  const first = scan.components[0]!;
  const total = single ? first.blocksPerLine * first.blocksPerColumn : geometry.mcusPerLine * geometry.mcusPerColumn;
  for (let mcu = 0; mcu < total; mcu++) {
    // As libjpeg does, blocks past the end of the data are left as they are instead of decoded from zeros.
    if (reader.ended) break;
    if (scan.restartInterval > 0 && mcu > 0 && mcu % scan.restartInterval === 0) {
      reader.restart();
      eobRun = 0;
      state = 0;
      for (const component of scan.components) component.pred = 0;
    }
    if (single) {
      decodeBlock(first, Math.floor(mcu / first.blocksPerLine), mcu % first.blocksPerLine);
      continue;
    }
    const mcuRow = Math.floor(mcu / geometry.mcusPerLine);
    const mcuCol = mcu % geometry.mcusPerLine;
    for (const component of scan.components) {
      for (let j = 0; j < component.v; j++) {
        for (let i = 0; i < component.h; i++)
          decodeBlock(component, mcuRow * component.v + j, mcuCol * component.h + i);
      }
    }
  }
  return reader.at;
}
