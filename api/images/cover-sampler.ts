/**
 * Reading only what a cover keeps. A cover to W×H scales the picture until it fills W×H and cuts
 * off what sticks out, so of a 40-megapixel photo it keeps a 16:9 band, shown at a fraction of
 * its size. The decoders hand their pixels, row by row as they decode them, to a CoverSampler,
 * which keeps the band only, averaged over k×k blocks: the picture is never whole in memory
 * (160 MB as RGBA at 40 MP), only its band at most twice the cover's size.
 */
export type Bitmap = { data: Buffer; width: number; height: number };

/** The part of a w×h picture the cover keeps (centred, whole blocks of k×k pixels) and k. */
export type CoverPlan = { x: number; y: number; width: number; height: number; k: number };

/** `cover` fills the box and cuts what sticks out; `inside` keeps the whole picture within the box. */
export type Fit = 'cover' | 'inside';

export function coverPlan(
  width: number,
  height: number,
  coverWidth: number,
  coverHeight: number,
  fit: Fit = 'cover',
): CoverPlan {
  // Picture pixels per cover pixel along the side that fills exactly (inside: the side that limits).
  const ratio =
    fit === 'inside'
      ? Math.max(width / coverWidth, height / coverHeight)
      : Math.min(width / coverWidth, height / coverHeight);
  const k = Math.max(1, Math.floor(ratio));
  const keep = (side: number, cover: number): number =>
    Math.max(k, Math.floor(Math.min(side, Math.ceil(cover * ratio)) / k) * k);
  const keptWidth = keep(width, coverWidth);
  const keptHeight = keep(height, coverHeight);
  return {
    x: Math.floor((width - keptWidth) / 2),
    y: Math.floor((height - keptHeight) / 2),
    width: keptWidth,
    height: keptHeight,
    k,
  };
}

export class CoverSampler {
  readonly width: number;
  readonly height: number;
  private readonly out: Buffer;
  /** Per-channel sums of each k×k block (k > 1 only); 16 bits hold 16×16 pixels of 255. */
  private readonly sums: Uint16Array | Uint32Array | undefined;

  constructor(private readonly plan: CoverPlan) {
    this.width = plan.width / plan.k;
    this.height = plan.height / plan.k;
    this.out = Buffer.alloc(this.width * this.height * 4);
    const cells = this.width * this.height * 4;
    this.sums = plan.k > 16 ? new Uint32Array(cells) : plan.k > 1 ? new Uint16Array(cells) : undefined;
  }

  /**
   * Pixels of row `y` (RGBA, `count` of them) standing at x = x0, x0 + dx, ...: interlaced
   * pictures arrive in passes, and each pixel counts once wherever it arrives.
   */
  addRow(y: number, rgba: Uint8Array, x0: number, dx: number, count: number): void {
    const { plan, sums, out } = this;
    const row = y - plan.y;
    if (row < 0 || row >= plan.height) return;
    // The pixels of this row inside the band: i from first to last.
    const first = Math.max(0, Math.ceil((plan.x - x0) / dx));
    const last = Math.min(count - 1, Math.floor((plan.x + plan.width - 1 - x0) / dx));
    if (sums) {
      const base = Math.floor(row / plan.k) * this.width;
      for (let i = first; i <= last; i++) {
        const cell = (base + Math.floor((x0 + i * dx - plan.x) / plan.k)) * 4;
        const at = i * 4;
        sums[cell]! += rgba[at]!;
        sums[cell + 1]! += rgba[at + 1]!;
        sums[cell + 2]! += rgba[at + 2]!;
        sums[cell + 3]! += rgba[at + 3]!;
      }
      return;
    }
    const base = row * this.width;
    for (let i = first; i <= last; i++) {
      const to = (base + x0 + i * dx - plan.x) * 4;
      const at = i * 4;
      out[to] = rgba[at]!;
      out[to + 1] = rgba[at + 1]!;
      out[to + 2] = rgba[at + 2]!;
      out[to + 3] = rgba[at + 3]!;
    }
  }

  /** The band as an RGBA bitmap, each pixel the mean of its block. */
  bitmap(): Bitmap {
    const { sums, out } = this;
    if (sums) {
      const area = this.plan.k * this.plan.k;
      const half = area >> 1;
      for (let index = 0; index < sums.length; index++) out[index] = Math.floor((sums[index]! + half) / area);
    }
    return { data: out, width: this.width, height: this.height };
  }
}
