/**
 * `POST /api/storefront/earnings-image`: the owner's AdSense screenshot, checked by the image
 * pipeline (the prompt covers' type, size and pixel rules) and kept whole: fitted inside a square box,
 * never cropped, as the figures may be anywhere (a phone gives a tall picture). Stored in the
 * store's blobs in the three forms the home page uses: 1280 px WEBP, 640 px WEBP and a PNG fallback.
 */
import { readFile } from 'node:fs/promises';
import type * as calls from '../../contract/calls/storefront';
import { readStorefrontValues, writeStorefrontValue } from '../../data/storefront-values';
import type { EarningsImageRow } from '../../data/storefront-values';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { reply } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { withUpload } from '../images';
import { catalogue, publishChange } from './storefront-handlers';

export const EARNINGS_SAVED = 'Earnings screenshot saved successfully!';
/** The longest side of the large forms; the small WEBP has half of it. */
const BOX = 1280;

function inside(side: number, mime: 'image/webp' | 'image/png') {
  return { width: side, height: side, mime, fit: 'inside' as const };
}

async function storeForms(ctx: AppContext, file: { path: string; size: number }): Promise<EarningsImageRow> {
  const { pipeline } = ctx.images;
  const stored: string[] = [];
  try {
    const upload = await readFile(file.path);
    const large = await pipeline.storeCover(upload, inside(BOX, 'image/webp'));
    stored.push(large.name);
    // The smaller form comes from the large one (fast to decode), the PNG from the upload itself (lossless).
    const largeBytes = await pipeline.read(large.name);
    if (!largeBytes) throw new HttpError(503, 'Image could not be saved: storage unavailable, please try again later');
    const small = await pipeline.storeCover(largeBytes, inside(BOX / 2, 'image/webp'));
    stored.push(small.name);
    const png = await pipeline.storeCover(upload, inside(BOX, 'image/png'));
    stored.push(png.name);
    return { webp: large.name, small_webp: small.name, png: png.name, width: large.width, height: large.height };
  } catch (error) {
    for (const name of stored) await ctx.db.blobs.remove(name);
    throw error;
  }
}

export function uploadEarningsImage(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.uploadEarningsImage>> {
  return withUpload(req, ctx.images, async (form) => {
    const unexpected = Object.keys(form.files).find((name) => name !== 'image') ?? Object.keys(form.fields)[0];
    if ('image' in form.fields) throw new HttpError(400, 'image must be a file');
    if (unexpected) throw new HttpError(400, `Unexpected field: ${unexpected}`);
    const upload = form.files.image;
    if (!upload) throw new HttpError(400, 'image is required');
    const image = await storeForms(ctx, upload);
    const before = (await readStorefrontValues(ctx.db)).earnings_image;
    try {
      await writeStorefrontValue(ctx.db, 'earnings_image', image, ctx.now().toISOString());
    } catch (error) {
      for (const name of [image.webp, image.small_webp, image.png]) await ctx.db.blobs.remove(name);
      throw error;
    }
    const headers = await publishChange(ctx);
    // Only once the new names are committed and served: the old files are no longer referenced.
    if (before) for (const name of [before.webp, before.small_webp, before.png]) await ctx.db.blobs.remove(name);
    return reply(200, { success: true as const, message: EARNINGS_SAVED, ...(await catalogue(ctx)) }, headers);
  });
}
