/**
 * From a JPEG's component planes to RGBA (chroma upsampled by nearest sample, as jpeg-js does),
 * and EXIF orientation applied to a bitmap (as jimp does after decoding).
 */
import type { Bitmap } from './cover-sampler';
import type { JpegInfo } from './jpeg-markers';

export type Plane = { data: Uint8Array; width: number; x0: number; y0: number; sx: number; sy: number };
type Rect = { x: number; y: number; width: number; height: number };

const clamp = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

/** Which colour model the components carry: Adobe's marker decides, else RGB by the ids 'R','G','B'. */
function transformed(info: JpegInfo, ids: number[]): boolean {
  if (ids.length === 4) {
    if (info.adobeTransform === undefined)
      throw new Error('4-component JPEGs without an Adobe marker are not supported');
    return info.adobeTransform === 2;
  }
  if (info.adobeTransform !== undefined) return info.adobeTransform !== 0;
  return !(ids[0] === 0x52 && ids[1] === 0x47 && ids[2] === 0x42);
}

/** RGBA of `rect` (in the output's scaled coordinates) from the planes. */
export function toRgba(planes: Plane[], rect: Rect, info: JpegInfo, ids: number[]): Bitmap {
  const { width, height } = rect;
  const out = Buffer.alloc(width * height * 4);
  const transform = planes.length > 1 && transformed(info, ids);
  const samples = new Uint8Array(planes.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < planes.length; c++) {
        const plane = planes[c]!;
        const rows = plane.data.length / plane.width;
        const px = Math.min(plane.width - 1, Math.max(0, Math.floor((rect.x + x) * plane.sx) - plane.x0));
        const py = Math.min(rows - 1, Math.max(0, Math.floor((rect.y + y) * plane.sy) - plane.y0));
        samples[c] = plane.data[py * plane.width + px]!;
      }
      const to = (y * width + x) * 4;
      out[to + 3] = 255;
      if (planes.length === 1) {
        out[to] = out[to + 1] = out[to + 2] = samples[0]!;
        continue;
      }
      let [r, g, b] = [samples[0]!, samples[1]!, samples[2]!];
      if (transform) {
        const [luma, cb, cr] = [r, g - 128, b - 128];
        r = clamp(luma + 1.402 * cr);
        g = clamp(luma - 0.3441363 * cb - 0.71413636 * cr);
        b = clamp(luma + 1.772 * cb);
      }
      if (planes.length === 4) {
        // Adobe's CMYK is stored inverted; jpeg-js's arithmetic, so pictures look as they did.
        const k = 255 - samples[3]!;
        const [c, m, ye] = transform ? [r, g, b] : [255 - r, 255 - g, 255 - b];
        r = 255 - clamp(c * (1 - k / 255) + k);
        g = 255 - clamp(m * (1 - k / 255) + k);
        b = 255 - clamp(ye * (1 - k / 255) + k);
      }
      out[to] = r;
      out[to + 1] = g;
      out[to + 2] = b;
    }
  }
  return { data: out, width, height };
}

/** EXIF orientation 2-8 applied: the bitmap as it is meant to be seen. */
export function orient(bitmap: Bitmap, orientation: number): Bitmap {
  if (orientation < 2 || orientation > 8) return bitmap;
  const { width: w, height: h, data } = bitmap;
  const turned = orientation >= 5;
  const width = turned ? h : w;
  const height = turned ? w : h;
  const out = Buffer.alloc(data.length);
  // For each shown pixel, the stored one (jimp's table).
  type Source = (x: number, y: number) => [number, number];
  const source = (
    [
      (x, y) => [x, y],
      (x, y) => [x, y],
      (x, y) => [w - x - 1, y],
      (x, y) => [w - x - 1, h - y - 1],
      (x, y) => [x, h - y - 1],
      (x, y) => [y, x],
      (x, y) => [y, h - x - 1],
      (x, y) => [w - y - 1, h - x - 1],
      (x, y) => [w - y - 1, x],
    ] satisfies Source[]
  )[orientation]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = source(x, y);
      data.copy(out, (y * width + x) * 4, (sy * w + sx) * 4, (sy * w + sx) * 4 + 4);
    }
  }
  return { data: out, width, height };
}
