/**
 * Proves a backup file: opened in a scratch place and every table counted (the engine's own
 * proof), and, when what it held is known (its record or manifest), the same bytes (SHA-256) and
 * the same rows per table. A file damaged on disk after it was made fails here, however well it
 * still opens: a flipped byte inside a row passes SQLite's integrity check, never the checksum.
 */
import { join } from 'node:path';
import { proveBackupFile } from '../../data/backup';
import type { BackupProof } from '../../data/backup';
import type { Engine } from './backup-files';

export type Expected = { sha256: string | null; counts: Record<string, number> | null };

function differentCounts(found: Record<string, number>, expected: Record<string, number>): string | undefined {
  for (const table of new Set([...Object.keys(found), ...Object.keys(expected)])) {
    if (found[table] !== expected[table])
      return `${table} has ${found[table] ?? 'no'} rows, ${expected[table] ?? 'none'} when it was made`;
  }
  return undefined;
}

/** The proof, or throws with the reason the file cannot be trusted. */
export async function proveBackup(
  engine: Engine,
  dir: string,
  file: string,
  expected?: Expected,
): Promise<BackupProof> {
  const path = join(dir, file);
  let proof: BackupProof;
  try {
    proof = await proveBackupFile(engine, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${file} is not in ${dir}`, { cause: error });
    throw error;
  }
  if (expected?.sha256 && expected.sha256 !== proof.sha256)
    throw new Error(`${file} changed on disk since it was made (its SHA-256 differs)`);
  const difference = expected?.counts ? differentCounts(proof.counts, expected.counts) : undefined;
  if (difference) throw new Error(`${file} no longer holds what it held: ${difference}`);
  return proof;
}
