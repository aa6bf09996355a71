import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { writeFileDurably } from '../../data/files';
import { HttpError } from '../http/http';
import { readImageHeader } from './image-header';
import type { WorkerAnswer, WorkerRequest } from './image-worker';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored names are random, so a name is never reused and its content never changes. */
export const IMAGE_NAME = /^[a-f0-9]{32}\.webp$/;
export const IMAGE_MIME = 'image/webp';
/** Folder under DATA_DIR; `image_path` is stored relative to DATA_DIR, e.g. `uploads/<name>.webp`. */
export const UPLOADS_FOLDER = 'uploads';
/** Inside the uploads folder: where multipart bodies are written while a request is parsed. */
export const UPLOAD_TEMP_FOLDER = 'tmp';

const JOB_TIMEOUT_MS = 60_000;
const WORKER_IDLE_MS = 30_000;

export type StoredImage = { name: string; path: string; size: number };

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
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); });`, { eval: true });
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

  run(input: Uint8Array): Promise<Buffer> {
    const job = this.tail.then(() => this.process(input));
    this.tail = job.catch(() => undefined);
    return job;
  }

  private process(input: Uint8Array): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('image pipeline closed'));
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= startWorker());
    const id = this.nextId++;
    const buffer = input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength) as ArrayBuffer;
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
        this.idleTimer = setTimeout(() => this.stopWorker(), WORKER_IDLE_MS).unref();
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
      worker.postMessage({ id, input: buffer } satisfies WorkerRequest, [buffer]);
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

/** Image storage: checks, resizes to 1280×720 WEBP in a worker, stores under DATA_DIR/uploads. */
export class ImagePipeline {
  private readonly queue = new ResizeQueue();

  private constructor(
    readonly dataDir: string,
    readonly uploadsDir: string,
  ) {}

  static async open(dataDir: string): Promise<ImagePipeline> {
    const uploadsDir = join(dataDir, UPLOADS_FOLDER);
    await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
    return new ImagePipeline(dataDir, uploadsDir);
  }

  /**
   * Checks the file by its bytes (PNG, JPEG or WEBP, else 415), its size and its pixel count from
   * the header before any decoding (else 413), then covers it to exactly 1280×720 and stores it.
   */
  async toCover1280x720(file: { path: string; size: number }): Promise<StoredImage> {
    if (file.size > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is too large (max 10 MB)');
    const bytes = await readFile(file.path);
    return this.storeCover(bytes);
  }

  async storeCover(bytes: Uint8Array): Promise<StoredImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image is too large (max 10 MB)');
    const header = readImageHeader(bytes);
    if (!header || header.width === 0 || header.height === 0) {
      throw new HttpError(415, 'Image must be a PNG, JPEG or WEBP file');
    }
    if (header.width * header.height > MAX_IMAGE_PIXELS) {
      throw new HttpError(413, `Image is too large: ${header.width}×${header.height} pixels (max 40 megapixels)`);
    }
    let output: Buffer;
    try {
      output = await this.queue.run(bytes);
    } catch (error) {
      if (error instanceof ImageDecodeError) {
        throw new HttpError(415, 'Image could not be read: the file is damaged or not a supported PNG, JPEG or WEBP image');
      }
      throw new HttpError(503, 'Image processing failed, please try again', {}, { detail: (error as Error).message });
    }
    const name = `${randomBytes(16).toString('hex')}.webp`;
    try {
      // Temp file, fsync, rename: a crash leaves the old state or the whole file, never a torn one.
      await writeFileDurably(this.uploadsDir, name, output);
    } catch {
      await rm(join(this.uploadsDir, `${name}.tmp`), { force: true }).catch(() => undefined);
      throw new HttpError(503, 'Image could not be saved: storage unavailable, please try again later');
    }
    return { name, path: `${UPLOADS_FOLDER}/${name}`, size: output.length };
  }

  /** The file behind a public image name, or undefined for any name we could not have generated. */
  fileFor(name: string): string | undefined {
    return IMAGE_NAME.test(name) ? join(this.uploadsDir, name) : undefined;
  }

  /**
   * Removes a stored image by its `image_path`. Never throws: it runs after the row change is
   * committed, and a file that cannot be removed now is unreferenced, so the next sweep takes it.
   */
  async remove(imagePath: string | null | undefined): Promise<void> {
    if (!imagePath) return;
    const file = this.fileFor(basename(imagePath));
    if (file) await rm(file, { force: true }).catch(() => undefined);
  }

  /**
   * Removes files no prompt refers to: images written by uploads whose row never committed (a
   * crash in between) and stray temp files. Only files last written before `beforeMs` (the start
   * of this process), so an upload in flight is never hit.
   */
  async sweepOrphans(referenced: ReadonlySet<string>, beforeMs: number): Promise<number> {
    const tempDir = join(this.uploadsDir, UPLOAD_TEMP_FOLDER);
    const candidates = [
      ...(await readdir(this.uploadsDir).catch(() => [] as string[]))
        .filter((name) => !referenced.has(name) && (IMAGE_NAME.test(name) || name.endsWith('.tmp')))
        .map((name) => join(this.uploadsDir, name)),
      // Upload temp files left by a crash in the middle of a request.
      ...(await readdir(tempDir).catch(() => [] as string[])).map((name) => join(tempDir, name)),
    ];
    let removed = 0;
    for (const file of candidates) {
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
