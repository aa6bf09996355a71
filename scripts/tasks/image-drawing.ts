/**
 * The drawing primitives make-images.ts draws with: shapes as inside-tests painted with 4×4
 * supersampled coverage, a diagonal gradient, and text printed in one colour.
 */
import { Jimp } from 'jimp';
import type { loadFont } from 'jimp';

export type Image = InstanceType<typeof Jimp>;
export type Font = Awaited<ReturnType<typeof loadFont>>;
export type Rgb = [number, number, number];

export const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;

/** Paints every pixel whose coverage (0..1, 4×4 supersampled) the shape function gives. */
export function paint(
  image: Image,
  color: Rgb | ((x: number, y: number) => Rgb),
  inside: (x: number, y: number) => boolean,
  box = { x: 0, y: 0, w: image.bitmap.width, h: image.bitmap.height },
  opacity = 1,
): void {
  const { data, width } = image.bitmap;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(image.bitmap.height, box.y + box.h); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, box.x + box.w); x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      if (hits === 0) continue;
      const alpha = (hits / 16) * opacity;
      const rgb = typeof color === 'function' ? color(x, y) : color;
      const index = (y * width + x) * 4;
      for (let i = 0; i < 3; i++) data[index + i] = Math.round(data[index + i]! * (1 - alpha) + rgb[i]! * alpha);
      data[index + 3] = Math.max(data[index + 3]!, Math.round((hits / 16) * 255));
    }
  }
}

export function roundRect(x: number, y: number, w: number, h: number, r: number): (px: number, py: number) => boolean {
  return (px, py) => {
    if (px < x || py < y || px > x + w || py > y + h) return false;
    const cx = Math.min(Math.max(px, x + r), x + w - r);
    const cy = Math.min(Math.max(py, y + r), y + h - r);
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  };
}

export function triangle(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): (px: number, py: number) => boolean {
  const side = (x1: number, y1: number, x2: number, y2: number, px: number, py: number): number =>
    (px - x2) * (y1 - y2) - (x1 - x2) * (py - y2);
  return (px, py) => {
    const d1 = side(px, py, ax, ay, bx, by) < 0;
    const d2 = side(px, py, bx, by, cx, cy) < 0;
    const d3 = side(px, py, cx, cy, ax, ay) < 0;
    return d1 === d2 && d2 === d3;
  };
}

/** Open arc (the "loop" of the logo): ring between radii, leaving a gap at the upper right. */
export function loopArc(cx: number, cy: number, r: number, thickness: number): (px: number, py: number) => boolean {
  return (px, py) => {
    const d = Math.hypot(px - cx, py - cy);
    if (Math.abs(d - r) > thickness / 2) return false;
    const angle = Math.atan2(py - cy, px - cx);
    return !(angle > -Math.PI / 2 && angle < -Math.PI / 8);
  };
}

export function gradientFill(image: Image, from: Rgb, to: Rgb): void {
  const { width, height } = image.bitmap;
  paint(
    image,
    (x, y) => mix(from, to, (x / width) * 0.6 + (y / height) * 0.4),
    () => true,
  );
}

export async function text(image: Image, font: Font, value: string, x: number, y: number, color?: Rgb): Promise<void> {
  const layer = new Jimp({ width: image.bitmap.width - x, height: 200, color: 0x00000000 });
  layer.print({ font, x: 0, y: 0, text: value });
  if (color) {
    const { data } = layer.bitmap;
    for (let i = 0; i < data.length; i += 4) [data[i], data[i + 1], data[i + 2]] = color;
  }
  image.composite(layer, x, y);
}
