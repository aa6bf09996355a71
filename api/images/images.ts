import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileBlobs } from '../../data/sqlite/file-blobs';
import type { BlobStore } from '../../data/store';
import { HttpError } from '../http/http-error';
import { readImageHeader } from './image-header';
import type { CoverOutput, WorkerAnswer, WorkerRequest } from './image-worker';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * libwebp decodes whole pictures (~12 bytes a pixel with its copy out), so WEBP has a bound of its
 * own: WEBP pictures come from web pages and screen captures (a 4K screen is 8.3 megapixels);
 * cameras write JPEG, which is read in bands at any size up to MAX_IMAGE_PIXELS.
 */
export const MAX_WEBP_PIXELS = 12_000_000;
/** No other accepted format can be wider or taller; a PNG row of this many pixels is at most 512 KB. */
export const MAX_IMAGE_SIDE = 65_535;
/** Stored names are random, so a name is never reused and its content never changes. */
export const IMAGE_NAME = /^[a-f0-9]{32}\.webp$/;
export const IMAGE_MIME = 'image/webp';
/** Folder under DATA_DIR; `image_path` is stored relative to DATA_DIR, e.g. `uploads/<name>.webp`. */
export const UPLOADS_FOLDER = 'uploads';
/** Inside the uploads folder: where multipart bodies are written while a request is parsed. */
export const UPLOAD_TEMP_FOLDER = 'tmp';

const JOB_TIMEOUT_MS = 60_000;
const WORKER_IDLE_MS = 30_000;

/** `width` and `height`: of the stored picture, as the worker wrote it. */
export type StoredImage = { name: string; path: string; size: number; width: number; height: number };

/** The worker could not decode the file (as opposed to the worker itself failing). */
class ImageDecodeError extends Error {}

function startWorker(): Worker {
  // From the bundle (dist/server.js) the worker was built beside it.
  const built = new URL('./image-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built);
  // Under tsx (tests, scripts) it is the source file; `execArgv: ['--import', 'tsx']` does not reach
  // a worker's entry module in Node 20, so register tsx inside the worker first.
  const source = JSON.stringify(new URL('./image-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); });`, {
    eval: true,
  });
}

/**
 * Runs resize jobs in one worker thread, one at a time (each may take ~300 MB and seconds of CPU;
 * the machine has 2 cores). The worker starts on demand and stops after a while idle.
 */
class ResizeQueue {
  private worker: Worker | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /** `owned`: the caller hands `input` over (a file it read): transferred to the worker, not copied. */
  run(input: Uint8Array, output: CoverOutput | undefined, owned: boolean): Promise<Buffer> {
    const job = this.tail.then(() => this.process(input, output, owned));
    this.tail = job.catch(() => undefined);
    return job;
  }

  private process(input: Uint8Array, output: CoverOutput | undefined, owned: boolean): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('image pipeline closed'));
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= startWorker());
    const id = this.nextId++;
    // A file read whole owns its buffer: handed over as it is, not copied (10 MB per upload).
    const whole =
      owned &&
      input.byteOffset === 0 &&
      input.byteLength === input.buffer.byteLength &&
      input.buffer instanceof ArrayBuffer;
    const buffer = whole
      ? (input.buffer as ArrayBuffer)
      : (input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer);
    return new Promise<Buffer>((resolve, reject) => {
      const fail = (error: Error): void => {
        cleanup();
        // A crashed or stuck worker is replaced on the next job.
        void worker.terminate();
        if (this.worker === worker) this.worker = undefined;
        reject(error);
      };
      const onMessage = (answer: WorkerAnswer): void => {
        if (answer.id !== id) return;
        cleanup();
        // A worker that grew its WebAssembly memory for a big picture keeps it: it goes now.
        if (answer.retire) this.stopWorker();
        else this.idleTimer = setTimeout(() => this.stopWorker(), WORKER_IDLE_MS).unref();
        if ('error' in answer) reject(new ImageDecodeError(answer.error));
        else resolve(Buffer.from(answer.output));
      };
      const onError = (error: Error): void => fail(error);
      const onExit = (code: number): void => fail(new Error(`image worker exited with code ${code}`));
      const timer = setTimeout(() => fail(new Error('image processing timed out')), JOB_TIMEOUT_MS);
      const cleanup = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ id, input: buffer, output } satisfies WorkerRequest, [buffer]);
    });
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await this.tail;
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

/**
 * Image storage: checks, resizes to 1280×720 WEBP in a worker, stores in the store's blobs (files
 * in DATA_DIR/uploads with the embedded store, rows with PostgreSQL). Multipart bodies are parsed
 * into a temp folder under DATA_DIR/uploads on every instance.
 */
export class ImagePipeline {
  private readonly queue = new ResizeQueue();

  private constructor(
    readonly dataDir: string,
    readonly uploadsDir: string,
    private readonly blobs: BlobStore,
  ) {}

  static async open(dataDir: string, blobs?: BlobStore): Promise<ImagePipeline> {
    const uploadsDir = join(dataDir, UPLOADS_FOLDER);
    await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
    return new ImagePipeline(dataDir, uploadsDir, blobs ?? (await FileBlobs.open(dataDir)));
  }

  /**
   * Checks the file by its bytes (PNG, JPEG or WEBP, else 415), its size and its pixel count from
   * the header before any decoding (else 413), then covers it to exactly 1280×720 and stores it.
   */
  async toCover1280x720(file: { path: string; size: number }): Promise<StoredImage> {
    if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is too large (max 10 MB)');
    return this.cover(await readFile(file.path), undefined, true);
  }

  /** `size` covers to another size or format (the storefront's screenshot); prompts use the default. */
  storeCover(bytes: Uint8Array, size?: CoverOutput): Promise<StoredImage> {
    return this.cover(bytes, size, false);
  }

  private async cover(bytes: Uint8Array, size: CoverOutput | undefined, owned: boolean): Promise<StoredImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is too large (max 10 MB)');
    const header = readImageHeader(bytes);
    if (!header || header.width === 0 || header.height === 0) {
      throw new HttpError(415, 'Image must be a PNG, JPEG or WEBP file');
    }
    if (header.width * header.height > MAX_IMAGE_PIXELS) {
      throw new HttpError(413, `Image is too large: ${header.width}×${header.height} pixels (max 40 megapixels)`);
    }
    if (header.format === 'webp' && header.width * header.height > MAX_WEBP_PIXELS) {
      throw new HttpError(
        413,
        `Image is too large: ${header.width}×${header.height} pixels (max 12 megapixels for WEBP)`,
      );
    }
    if (Math.max(header.width, header.height) > MAX_IMAGE_SIDE) {
      throw new HttpError(
        413,
        `Image is too large: ${header.width}×${header.height} pixels (max ${MAX_IMAGE_SIDE} pixels a side)`,
      );
    }
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
    const name = `${randomBytes(16).toString('hex')}.${size?.mime === 'image/png' ? 'png' : 'webp'}`;
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
