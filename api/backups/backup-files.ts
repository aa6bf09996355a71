/**
 * Backup files in BACKUP_DIR: names that sort by the time they were taken (the copy itself is
 * data/backup.ts's), and beside each a manifest of its proof (checksum and rows per table), so
 * that `npm run restore` can check a copy with no database.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupProof, StoreEngine } from '../../data/backup';
import { writeFileDurably } from '../../data/files';
import { removeCompanions } from './backup-companions';

export type Engine = StoreEngine;
export type ManifestSignature = { alg: 'Ed25519'; kid: string; public_key_pem: string; value: string };
/**
 * `files`: the companions beside the copy (backup-companions.ts) with their SHA-256; `signature`:
 * manifest-signature.ts. Both absent in manifests made before they existed.
 */
export type Manifest = BackupProof & {
  file: string;
  engine: Engine;
  taken_at: string;
  files?: Record<string, string>;
  signature?: ManifestSignature;
};

const PREFIX = 'loopshop-';
const EXTENSION: Record<Engine, string> = { sqlite: '.sqlite', postgres: '.dump' };

/** `loopshop-2026-11-27T03-15-00-000Z.sqlite`: UTC, so names sort as times do. */
export function backupName(at: Date, engine: Engine): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${EXTENSION[engine]}`;
}

export function isBackupName(name: string): boolean {
  return /^loopshop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.(sqlite|dump)$/.test(name);
}

const manifestName = (file: string): string => `${file}.json`;

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFileDurably(
    dir,
    manifestName(manifest.file),
    new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
  );
}

/** The manifest written when the copy was proved; undefined when there is none (or it is unreadable). */
export async function readManifest(dir: string, file: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, manifestName(file)), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

export async function removeBackupFiles(dir: string, file: string): Promise<void> {
  await rm(join(dir, file), { force: true });
  await rm(join(dir, manifestName(file)), { force: true });
  await removeCompanions(dir, file);
}

/**
 * Temp files of a copy cut short (a crash, a full disk), and companions of a copy that never got
 * its manifest: only the one backup job writes here, and it is not running.
 */
export async function removeLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    if (name.endsWith('.tmp')) await rm(join(dir, name), { force: true });
    const file = name.endsWith('.files') ? name.slice(0, -'.files'.length) : undefined;
    if (file && isBackupName(file) && !names.includes(manifestName(file))) await removeCompanions(dir, file);
  }
}

/** Backup files in the folder, newest first. */
export async function backupFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter(isBackupName).sort().reverse();
}
