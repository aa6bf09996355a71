/**
 * One backup, made and proved, the same way for the schedule, "Back up now" and `npm run backup`:
 * the database copy, with the embedded store the key and the images beside it
 * (backup-companions.ts), every part proved, then the manifest signed and written last, so a copy
 * without a manifest was never proved. Throws when any part fails; the caller removes the files.
 */
import { join } from 'node:path';
import { backupStore } from '../../data/backup';
import type { StorePlace } from '../../data/backup';
import type { LicenseSigner } from '../license-api';
import { companionsDir, copyCompanions, proveCompanions } from './backup-companions';
import type { CompanionHashes } from './backup-companions';
import { readManifest, writeManifest } from './backup-files';
import type { Engine, Manifest } from './backup-files';
import { signManifest } from './manifest-signature';
import { proveBackup } from './prove-backup';

export async function makeProvedBackup(
  engine: Engine,
  source: StorePlace,
  dir: string,
  file: string,
  takenAt: Date,
  signer: LicenseSigner,
  /** A backup made before this one, whose images can be linked instead of copied again. */
  earlierFile?: string,
): Promise<Manifest> {
  const files: CompanionHashes = {};
  const earlierManifest = earlierFile ? await readManifest(dir, earlierFile) : undefined;
  const earlier =
    earlierFile && earlierManifest?.files
      ? { folder: companionsDir(dir, earlierFile), hashes: earlierManifest.files }
      : undefined;
  const target = companionsDir(dir, file);
  if (engine === 'sqlite') await copyCompanions(source.dataDir, target, files, earlier);
  await backupStore(engine, source, join(dir, file));
  if (engine === 'sqlite') await copyCompanions(source.dataDir, target, files, earlier);
  const proof = await proveBackup(engine, dir, file);
  await proveCompanions(dir, file, files);
  const manifest = signManifest({ file, engine, taken_at: takenAt.toISOString(), ...proof, files }, signer);
  await writeManifest(dir, manifest);
  return manifest;
}
