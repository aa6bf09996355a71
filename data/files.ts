/** Durable file writes: the embedded store's journal, snapshots and images, and backup files with their manifests. */
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

/** Makes a rename or a new file in `dir` survive a power cut (the directory entry itself is fsynced). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Temp file, fsync, atomic rename, fsync of the directory: the file is either old or new, never torn. */
export async function writeFileDurably(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const target = join(dir, name);
  const temp = `${target}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.write(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  await syncDirectory(dir);
}
