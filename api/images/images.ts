import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  IMAGE_NAME_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MB,
  UPLOADS_FOLDER,
  imageNamePattern,
} from '../../contract/rules/images';
import type { BlobStore } from '../../data/store';
import { HttpError } from '../http/http-error';
import { imageSizeRefusal, readImageHeader } from './image-header';
import type { CoverOutput } from './image-worker';
import { ImageDecodeError, ResizeQueue } from './resize-queue';
import type { ResizeQueueOptions } from './resize-queue';

export const IMAGE_NAME = imageNamePattern(['webp']);
export const IMAGE_MIME = 'image/webp';
/** Inside the uploads folder: where multipart bodies are written while a request is parsed. */
export const UPLOAD_TEMP_FOLDER = 'tmp';

/** `width` and `height`: of the stored picture, as the worker wrote it. */
export type StoredImage = { name: string; path: string; size: number; width: number; height: number };

/**
 * Image storage: checks, resizes to 1280×720 WEBP in a worker, stores in the store's blobs (files
 * in DATA_DIR/uploads with the embedded store, rows with PostgreSQL). Multipart bodies are parsed
 * into a temp folder under DATA_DIR/uploads on every instance.
 */
export class ImagePipeline {
  private constructor(
    readonly dataDir: string,
    readonly uploadsDir: string,
    private readonly blobs: BlobStore,
    private readonly queue: ResizeQueue,
  ) {}

  /** `queue`: the worker's limits (tests shorten the time limit). */
  static async open(dataDir: string, blobs: BlobStore, queue: ResizeQueueOptions = {}): Promise<ImagePipeline> {
    const uploadsDir = join(dataDir, UPLOADS_FOLDER);
    await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
    return new ImagePipeline(dataDir, uploadsDir, blobs, new ResizeQueue(queue));
  }

  /**
   * Checks the file by its bytes (PNG, JPEG or WEBP, else 415), its size and its pixel count from
   * the header before any decoding (else 413), then covers it to exactly 1280×720 and stores it.
   */
  async toCover1280x720(file: { path: string; size: number }): Promise<StoredImage> {
    if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, `Image is too large (max ${MAX_IMAGE_MB} MB)`);
    return this.cover(await readFile(file.path), undefined, true);
  }

  /** `size` covers to another size or format (the storefront's screenshot); prompts use the default. */
  storeCover(bytes: Uint8Array, size?: CoverOutput): Promise<StoredImage> {
    return this.cover(bytes, size, false);
  }

  private async cover(bytes: Uint8Array, size: CoverOutput | undefined, owned: boolean): Promise<StoredImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, `Image is too large (max ${MAX_IMAGE_MB} MB)`);
    const header = readImageHeader(bytes);
    if (!header || header.width === 0 || header.height === 0) {
      throw new HttpError(415, 'Image must be a PNG, JPEG or WEBP file');
    }
    const refusal = imageSizeRefusal(header);
    if (refusal) throw new HttpError(413, refusal);
    let output: Buffer;
    try {
      output = await this.queue.run(bytes, size, owned);
    } catch (error) {
      if (error instanceof ImageDecodeError) {
        throw new HttpError(
          415,
          'Image could not be read: the file is damaged or not a supported PNG, JPEG or WEBP image',
        );
      }
      // The cause (a crashed or stuck worker) is for the log, not for the answer.
      throw new HttpError(503, 'Image processing failed, please try again', {}, {}, error);
    }
    const written = readImageHeader(output);
    if (!written) throw new HttpError(503, 'Image processing failed, please try again');
    const name = `${randomBytes(IMAGE_NAME_BYTES).toString('hex')}.${size?.mime === 'image/png' ? 'png' : 'webp'}`;
    try {
      // A crash leaves no image or the whole image, never a torn one.
      await this.blobs.put(name, output);
    } catch {
      throw new HttpError(503, 'Image could not be saved: storage unavailable, please try again later');
    }
    return {
      name,
      path: `${UPLOADS_FOLDER}/${name}`,
      size: output.length,
      width: written.width,
      height: written.height,
    };
  }

  /** The stored bytes of a public image name, or undefined for any name we could not have generated. */
  async read(name: string): Promise<Uint8Array | undefined> {
    return IMAGE_NAME.test(name) ? this.blobs.get(name) : undefined;
  }

  /** The file behind a public image name (embedded store), or undefined for any name we could not have generated. */
  fileFor(name: string): string | undefined {
    return IMAGE_NAME.test(name) ? join(this.uploadsDir, name) : undefined;
  }

  /**
   * Removes a stored image by its `image_path`. Never throws: it runs after the row change is
   * committed, and an image that cannot be removed now is unreferenced, so the next sweep takes it.
   */
  async remove(imagePath: string | null | undefined): Promise<void> {
    if (!imagePath) return;
    const name = basename(imagePath);
    if (IMAGE_NAME.test(name)) await this.blobs.remove(name).catch(() => undefined);
  }

  /**
   * Removes images no prompt refers to (written by uploads whose row never committed: a crash in
   * between) and upload temp files, only those last written before `beforeMs` (the start of this
   * process), so an upload in flight is never hit.
   */
  async sweepOrphans(referenced: ReadonlySet<string>, beforeMs: number): Promise<number> {
    let removed = await this.blobs.sweep(referenced, beforeMs);
    const tempDir = join(this.uploadsDir, UPLOAD_TEMP_FOLDER);
    for (const name of await readdir(tempDir).catch(() => [] as string[])) {
      const file = join(tempDir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs >= beforeMs) continue;
      await rm(file, { force: true }).catch(() => undefined);
      removed++;
    }
    return removed;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
