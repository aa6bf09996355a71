/** An image upload's multipart body: parsed within the upload slots, its temp files always removed. */
import type { ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { readMultipart } from '../http/multipart';
import type { Multipart } from '../http/multipart';
import type { ImageServices } from './image-services';
import { MAX_IMAGE_BYTES } from '../../contract/rules/images';

/** Uploads parsed and resized at once; more get 429 at once rather than queueing behind big images. */
export const MAX_CONCURRENT_UPLOADS = 2;
const MAX_FIELDS_BYTES = 512 * 1024;

/** Parses the multipart body, runs `work`, and always removes the temp files. 429 past the upload slots. */
export async function withUpload<T>(
  req: ApiRequest,
  images: ImageServices,
  work: (form: Multipart) => Promise<T>,
): Promise<T> {
  const { uploads, tempDir } = images;
  if (uploads.running >= MAX_CONCURRENT_UPLOADS) {
    throw new HttpError(429, 'Too many uploads at once, please try again in a moment', { 'Retry-After': '2' });
  }
  uploads.running++;
  try {
    const form = await readMultipart(req, { tempDir, maxFileBytes: MAX_IMAGE_BYTES, maxFieldsBytes: MAX_FIELDS_BYTES });
    try {
      return await work(form);
    } finally {
      await form.cleanup();
    }
  } finally {
    uploads.running--;
  }
}
