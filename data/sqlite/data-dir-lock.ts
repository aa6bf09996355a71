import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirLockedError } from '../data-dir-locked-error';

/** Holds the pid of the process that owns the data directory (scripts check it too). */
export const LOCK_FILE = 'server.pid';

/** Locks this process holds, by file: a later holder in the same process replaces an earlier one. */
const held = new Map<string, symbol>();

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding `dir`, if any (a lock left by a killed process does not count). */
export async function dataDirHolder(dir: string): Promise<number | undefined> {
  const text = await readFile(join(dir, LOCK_FILE), 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return isAlive(pid) && pid !== process.pid ? pid : undefined;
}

/**
 * Takes the data directory for this process: `server.pid` holds our pid. A lock whose process
 * is gone (SIGKILL, power cut) is taken over. Returns the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, LOCK_FILE);
  const owner = Symbol(path);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      held.set(path, owner);
      return async () => {
        if (held.get(path) !== owner) return;
        held.delete(path);
        await unlink(path).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await dataDirHolder(dir);
      if (holder !== undefined) throw new DataDirLockedError(dir, holder);
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`cannot take the lock ${path}`);
}
