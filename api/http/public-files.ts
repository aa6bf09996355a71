/**
 * The public folder's files: listing them (the build, the server's static table), and the
 * compressed twins (`file.br`, `file.gz`) that static-files.ts sends as they are. The build writes
 * the twins beside every text file; the server makes the same when it renders the pages again
 * after a catalogue change (storefront-pages.ts).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Brotli's best: written once per build, sent many times. */
export const BUILD_BROTLI_QUALITY = 11;
export const GZIP_LEVEL = 9;

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|map)$/;
/** Below this, compression saves less than the headers that announce it. */
const MIN_BYTES = 512;

/** Every file under `dir`, at any depth (none when `dir` is missing). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

/** `body` as the build compresses it: brotli at quality 11 and gzip at level 9. */
export function compressedTwins(body: Buffer | string): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BUILD_BROTLI_QUALITY } }),
    gz: gzipSync(body, { level: GZIP_LEVEL }),
  };
}

/** Writes `file.br` and `file.gz` beside every text file of 512 bytes or more under `dir`. */
export async function precompress(dir: string): Promise<void> {
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = await readFile(file);
    if (body.length < MIN_BYTES) continue;
    const { br, gz } = compressedTwins(body);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
  }
}
