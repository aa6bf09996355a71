/** The built site's files: listing them, and their brotli and gzip twins that the server sends as they are. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|map)$/;

export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of 512 bytes or more. */
export async function precompress(dir: string): Promise<void> {
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = await readFile(file);
    if (body.length < 512) continue;
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}
