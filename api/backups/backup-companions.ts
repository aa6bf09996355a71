/**
 * What an embedded-store backup holds besides the database: the licence signing key
 * (DATA_DIR/license-signing-key.pem: without it every installed app refuses the restored shop) and
 * the images (DATA_DIR/uploads). They are copied into `<file>.files/` beside the copy, each with its
 * SHA-256 in the manifest, proved like the database and put back by restore. With PostgreSQL both
 * are rows (server_secrets, blobs) inside the dump, so nothing is copied beside it.
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SIGNING_KEY_FILE } from '../license-api';
import { BLOB_NAME } from '../../data/backup';
import { syncDirectory, writeFileDurably } from '../../data/files';
import { UPLOADS_FOLDER } from '../../contract/rules/images';

/** Name inside `<file>.files/` → SHA-256 (hex). */
export type CompanionHashes = Record<string, string>;

export const companionsDir = (dir: string, file: string): string => join(dir, `${file}.files`);

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function readIfThere(path: string): Promise<Buffer | undefined> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

/** Only names the shop writes: a manifest can never point restore outside these two places. */
export function isCompanionName(name: string): boolean {
  if (name === SIGNING_KEY_FILE) return true;
  const [folder, blob, ...rest] = name.split('/');
  return folder === UPLOADS_FOLDER && blob !== undefined && rest.length === 0 && BLOB_NAME.test(blob);
}

/**
 * Copies the key and every image not yet in `hashes` into `<file>.files/` and adds them. Called
 * before and after the database copy: an image is never changed once written, and one the copy
 * refers to was written before it, so the two passes hold it even if it is removed meanwhile. An
 * image an earlier backup already holds with the same bytes is hard-linked, not copied again.
 */
export async function copyCompanions(
  dataDir: string,
  target: string,
  hashes: CompanionHashes,
  earlier?: { folder: string; hashes: CompanionHashes },
): Promise<void> {
  await mkdir(join(target, UPLOADS_FOLDER), { recursive: true, mode: 0o700 });
  const key = await readIfThere(join(dataDir, SIGNING_KEY_FILE));
  if (key) {
    await writeFileDurably(target, SIGNING_KEY_FILE, key); // mode 0600
    hashes[SIGNING_KEY_FILE] = sha256(key);
  }
  const names = (await readdir(join(dataDir, UPLOADS_FOLDER)).catch(() => [] as string[])).filter((name) =>
    BLOB_NAME.test(name),
  );
  for (const name of names) {
    const relative = `${UPLOADS_FOLDER}/${name}`;
    if (hashes[relative]) continue;
    const bytes = await readIfThere(join(dataDir, relative));
    if (!bytes) continue; // removed since the folder was read: no row refers to it any more
    const hash = sha256(bytes);
    const destination = join(target, relative);
    const before = earlier?.hashes[relative] === hash ? join(earlier.folder, relative) : undefined;
    const same = before !== undefined && (await readIfThere(before).then((old) => old && sha256(old) === hash));
    if (
      !same ||
      !(await link(before!, destination).then(
        () => true,
        () => false,
      ))
    )
      await writeFile(destination, bytes);
    hashes[relative] = hash;
  }
  await syncDirectory(join(target, UPLOADS_FOLDER));
  await syncDirectory(target);
}

/** Throws with the first companion that is missing or changed since the backup was made. */
export async function proveCompanions(dir: string, file: string, hashes: CompanionHashes): Promise<void> {
  const folder = companionsDir(dir, file);
  for (const [name, hash] of Object.entries(hashes)) {
    if (!isCompanionName(name)) throw new Error(`${file}'s manifest names ${name}, which no backup holds`);
    const bytes = await readIfThere(join(folder, name));
    if (!bytes) throw new Error(`${name} is missing from ${file}.files`);
    if (sha256(bytes) !== hash)
      throw new Error(`${name} in ${file}.files changed since it was made (its SHA-256 differs)`);
  }
}

/**
 * Puts the key and the images back into a stopped shop's DATA_DIR: a different key there is moved
 * into `aside` (never deleted); images are added (names are never reused, so one already there is
 * the same image; the ones the restored database does not name are swept by the server later).
 */
export async function restoreCompanions(
  dir: string,
  file: string,
  hashes: CompanionHashes,
  dataDir: string,
  aside: string,
): Promise<{ key: boolean; images: number }> {
  const folder = companionsDir(dir, file);
  let images = 0;
  await mkdir(join(dataDir, UPLOADS_FOLDER), { recursive: true, mode: 0o700 });
  for (const name of Object.keys(hashes).filter((entry) => entry !== SIGNING_KEY_FILE)) {
    const destination = join(dataDir, name);
    if (await readIfThere(destination)) continue;
    await copyFile(join(folder, name), destination);
    images++;
  }
  await syncDirectory(join(dataDir, UPLOADS_FOLDER));
  const key = hashes[SIGNING_KEY_FILE] !== undefined;
  if (key) {
    const bytes = await readFile(join(folder, SIGNING_KEY_FILE));
    const current = await readIfThere(join(dataDir, SIGNING_KEY_FILE));
    if (current && !current.equals(bytes)) {
      await mkdir(aside, { recursive: true });
      await rename(join(dataDir, SIGNING_KEY_FILE), join(aside, SIGNING_KEY_FILE));
    }
    await writeFileDurably(dataDir, SIGNING_KEY_FILE, bytes); // mode 0600
  }
  return { key, images };
}

export async function removeCompanions(dir: string, file: string): Promise<void> {
  await rm(companionsDir(dir, file), { recursive: true, force: true });
}
