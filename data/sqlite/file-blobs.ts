/**
 * Blobs of the embedded store: files in DATA_DIR/uploads, beside the database. Not in the database
 * itself: sql.js holds the whole file in memory, and ~40 KB per image would grow it for nothing.
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../files';
import type { BlobStore } from '../store';
import { UPLOADS_FOLDER, imageNamePattern } from '../../contract/rules/images';

/** Only names we generate are ever touched: random hex with an image extension. */
export const BLOB_NAME = imageNamePattern(['webp', 'png', 'jpg']);

export class FileBlobs implements BlobStore {
  private constructor(private readonly dir: string) {}

  static async open(dataDir: string): Promise<FileBlobs> {
    const dir = join(dataDir, UPLOADS_FOLDER);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new FileBlobs(dir);
  }

  private fileOf(name: string): string {
    if (!BLOB_NAME.test(name)) throw new Error(`not a blob name: ${name}`);
    return join(this.dir, name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    try {
      // Temp file, fsync, rename: a crash leaves no file or the whole file, never a torn one.
      await writeFileDurably(this.dir, name, bytes);
    } catch (error) {
      await rm(`${this.fileOf(name)}.tmp`, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    if (!BLOB_NAME.test(name)) return undefined;
    return readFile(this.fileOf(name)).catch(() => undefined);
  }

  /** Never throws: a file that cannot be removed now is unreferenced, so the next sweep takes it. */
  async remove(name: string): Promise<void> {
    if (BLOB_NAME.test(name)) await rm(this.fileOf(name), { force: true }).catch(() => undefined);
  }

  async sweep(keep: ReadonlySet<string>, before: number): Promise<number> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter(
      (name) => !keep.has(name) && (BLOB_NAME.test(name) || name.endsWith('.tmp')),
    );
    let removed = 0;
    for (const name of names) {
      const file = join(this.dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await rm(file, { force: true }).catch(() => undefined);
      removed++;
    }
    return removed;
  }
}
