/** The worker thread images are resized in (image-worker.ts), fed one job at a time. */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CoverOutput, WorkerAnswer, WorkerRequest } from './image-worker';

/**
 * A job's time limit, the worker's start included: a 40-megapixel JPEG or PNG took 25-50 s here
 * with the machine loaded 15-fold (seconds when quiet). A file crafted to keep the decoder busy
 * longer is cut off: the worker is terminated, the upload answered 503, the next job gets a new one.
 */
const JOB_TIMEOUT_MS = 60_000;
const WORKER_IDLE_MS = 30_000;
/**
 * The worker's JavaScript heap. The pixels live in buffers and WebAssembly memory outside it,
 * bounded by the pixel limits every decoder checks (docs/decisions/0001-own-jpeg-png-decoders.md).
 * A 40-megapixel PNG, photo JPEG or progressive JPEG is covered with 16 MB of old generation
 * (measured); four times that leaves room, and stops a runaway heap long before the VPS's memory.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** The worker could not decode the file (as opposed to the worker itself failing). */
export class ImageDecodeError extends Error {}

/** `timeoutMs`: the job's time limit; `workerCode`: a worker of the test's own instead of image-worker's. */
export type ResizeQueueOptions = { timeoutMs?: number; workerCode?: string };

function startWorker(workerCode: string | undefined): Worker {
  const resourceLimits = WORKER_LIMITS;
  if (workerCode) return new Worker(workerCode, { eval: true, resourceLimits });
  // From the bundle (dist/server.js) the worker was built beside it.
  const built = new URL('./image-worker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built, { resourceLimits });
  // Under tsx (tests, scripts) it is the source file; `execArgv: ['--import', 'tsx']` does not reach
  // a worker's entry module in Node 20, so register tsx inside the worker first.
  const source = JSON.stringify(new URL('./image-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); });`, {
    eval: true,
    resourceLimits,
  });
}

/**
 * Runs resize jobs in one worker thread, one at a time (each may take ~300 MB and seconds of CPU;
 * the machine has 2 cores). The worker starts on demand and stops after a while idle.
 */
export class ResizeQueue {
  private worker: Worker | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: ResizeQueueOptions = {}) {}

  /** `owned`: the caller hands `input` over (a file it read): transferred to the worker, not copied. */
  run(input: Uint8Array, output: CoverOutput | undefined, owned: boolean): Promise<Buffer> {
    const job = this.tail.then(() => this.process(input, output, owned));
    this.tail = job.catch(() => undefined);
    return job;
  }

  private process(input: Uint8Array, output: CoverOutput | undefined, owned: boolean): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('image pipeline closed'));
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= startWorker(this.options.workerCode));
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
      const timeoutMs = this.options.timeoutMs ?? JOB_TIMEOUT_MS;
      const timer = setTimeout(() => fail(new Error(`image processing took over ${timeoutMs} ms`)), timeoutMs);
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
