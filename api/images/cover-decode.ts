/**
 * Decoding for a cover with bounded memory: PNG and JPEG are read only in the band the cover
 * keeps, already reduced to at most about twice the cover's size (see CoverSampler), so a
 * 40-megapixel upload costs tens of MB instead of hundreds. libwebp decodes whole pictures (8
 * bytes a pixel with its copy out): WEBP's size is bounded where uploads are checked, and the
 * picture goes through the same sampler rather than jimp's resize of the whole bitmap.
 */
import type { Bitmap, Fit } from './cover-sampler';
import { coverPlan, CoverSampler } from './cover-sampler';
import { imageSizeRefusal, readImageHeader } from './image-header';
import type { ImageFormat } from './image-header';
import { orient } from './jpeg-color';
import { decodeJpegScaled, jpegShownSize } from './jpeg-scaled';
import { decodePngRows, readPngHeader } from './png-rows';
import { webpFormat } from './webp-format';

export type CoverSize = { width: number; height: number; fit?: Fit };

const webp = webpFormat();

/** The header was checked before the job came here, but a file can name another size further on. */
function checkFrame(format: ImageFormat, width: number, height: number): void {
  const refusal = imageSizeRefusal({ format, width, height });
  if (refusal) throw new Error(refusal);
}

/** The picture reduced for a cover of `size`, as it is meant to be seen; undefined for formats jimp decodes. */
export async function decodeForCover(bytes: Uint8Array, size: CoverSize): Promise<Bitmap | undefined> {
  const format = readImageHeader(bytes)?.format;
  if (format === 'webp') {
    const whole = await webp.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const sampler = new CoverSampler(coverPlan(whole.width, whole.height, size.width, size.height, size.fit));
    const rowBytes = whole.width * 4;
    for (let y = 0; y < whole.height; y++)
      sampler.addRow(y, whole.data.subarray(y * rowBytes, (y + 1) * rowBytes), 0, 1, whole.width);
    return sampler.bitmap();
  }
  if (format === 'png') {
    const { width, height } = readPngHeader(bytes);
    checkFrame('png', width, height);
    const sampler = new CoverSampler(coverPlan(width, height, size.width, size.height, size.fit));
    await decodePngRows(bytes, (y, rgba, x0, dx, count) => sampler.addRow(y, rgba, x0, dx, count));
    return sampler.bitmap();
  }
  if (format === 'jpeg') {
    const { info, width, height } = jpegShownSize(bytes);
    checkFrame('jpeg', width, height);
    const shown = coverPlan(width, height, size.width, size.height, size.fit);
    // The same centred band in the file's own orientation (EXIF 5-8 store it turned a quarter).
    const turned = info.orientation >= 5;
    const storedWidth = turned ? shown.height : shown.width;
    const storedHeight = turned ? shown.width : shown.height;
    const stored = {
      x: Math.floor((info.frame.width - storedWidth) / 2),
      y: Math.floor((info.frame.height - storedHeight) / 2),
      width: storedWidth,
      height: storedHeight,
      k: shown.k,
    };
    return orient(decodeJpegScaled(bytes, info, stored), info.orientation);
  }
  return undefined;
}
