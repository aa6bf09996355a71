/**
 * `npm run restore -- <file | name | latest> [--kid <kid>] [--unsigned]`: makes a backup the
 * database of DATA_DIR (default ./var), with the licence signing key and the images it carries, or
 * with DATABASE_URL loads a pg_dump archive into that database. A name or `latest` is looked up in
 * BACKUP_DIR (the scheduled backups). The backup is trusted first (its manifest signed by this
 * shop's key or the `--kid` the owner names: backup-trust.ts), then proved (opened in a scratch
 * place, every table counted, same bytes, same rows, same files as its manifest) and refused if it
 * fails. `--unsigned` restores a backup made before manifests were signed. The server (every
 * instance) must be stopped; what was there is moved aside, not deleted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backupFiles, isBackupName, readManifest } from '../../api/backups/backup-files';
import type { Manifest } from '../../api/backups/backup-files';
import { proveCompanions, restoreCompanions } from '../../api/backups/backup-companions';
import { trustBackup } from '../../api/backups/backup-trust';
import { readShopKey } from '../../api/backups/shop-key';
import { proveBackup } from '../../api/backups/prove-backup';
import { restoreStore } from '../../data/backup';
import { recordActivityIn } from '../../data/activity/activity-log';
import { SYSTEM_ACTOR } from '../../data/activity/activity-log';
import { withStore } from './with-store';

const fail = (text: string, code = 1): never => {
  console.error(text);
  process.exit(code);
};

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : (args.splice(at, 2)[1] ?? fail(`${name} needs a value`, 2));
};
const namedKid = flag('--kid');
const unsigned = args.includes('--unsigned');
const source = args.find((arg) => !arg.startsWith('--'));
if (!source) fail('usage: npm run restore -- <file | name in BACKUP_DIR | latest> [--kid <kid>] [--unsigned]', 2);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = resolve(process.env.DATA_DIR || './var');
const engine = databaseUrl ? 'postgres' : 'sqlite';
const backupDir = process.env.BACKUP_DIR?.trim() ? resolve(process.env.BACKUP_DIR.trim()) : undefined;

async function locate(arg: string): Promise<{ dir: string; file: string; scheduled: boolean }> {
  if (arg !== 'latest' && !isBackupName(arg))
    return { dir: dirname(resolve(arg)), file: basename(arg), scheduled: false };
  if (!backupDir) return fail(`"${arg}" names a scheduled backup: set BACKUP_DIR to the folder of the backups`, 2);
  const extension = engine === 'postgres' ? '.dump' : '.sqlite';
  const files = (await backupFiles(backupDir)).filter((name) => name.endsWith(extension));
  const file = arg === 'latest' ? files[0] : arg;
  if (!file) return fail(`no ${extension} backup in ${backupDir}`);
  return { dir: backupDir, file, scheduled: true };
}

/** The manifest, once its signature is trusted; undefined only with --unsigned and no manifest. */
async function trust(dir: string, file: string, scheduled: boolean): Promise<Manifest | undefined> {
  const manifest = await readManifest(dir, file);
  // A scheduled backup without its manifest was never proved (its proof failed, or it was cut short).
  if (scheduled && !manifest) fail(`refused: ${file} has no manifest (${file}.json) in ${dir}: it was never proved`);
  if (unsigned && !manifest?.signature) {
    console.log(`${file}: its origin is not checked (--unsigned): restore only a backup you made yourself`);
    return manifest;
  }
  if (!manifest) return fail(`refused: ${file} has no manifest (${file}.json) in ${dir}, so nothing says who made it`);
  const shop = await readShopKey({ configuredPem: process.env.LICENSE_SIGNING_KEY?.trim(), dataDir, databaseUrl });
  const verdict = trustBackup(manifest, shop?.publicKeys.map((key) => key.kid) ?? [], namedKid);
  if (!verdict.ok) {
    const older = manifest.signature ? '' : ' A backup made before manifests were signed: --unsigned, if you made it.';
    return fail(`refused: ${file} cannot be trusted: ${verdict.reason}${older}`);
  }
  console.log(`${file} is signed by key ${verdict.kid}`);
  return manifest;
}

async function prove(dir: string, file: string, manifest: Manifest | undefined): Promise<Record<string, number>> {
  try {
    const proof = await proveBackup(
      engine,
      dir,
      file,
      manifest ? { sha256: manifest.sha256, counts: manifest.counts } : undefined,
    );
    if (manifest?.files) await proveCompanions(dir, file, manifest.files);
    return proof.counts;
  } catch (error) {
    return fail(
      `refused: ${file} fails its proof: ${(error as Error).message}. Name an older backup (ls ${dir}) instead.`,
    );
  }
}

function refuseWhileServerRuns(dataDir: string): void {
  const pidFile = join(dataDir, 'server.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  fail(`the server (pid ${pid}) is running on ${dataDir}: stop it first (systemctl stop loop-shop)`);
}

const { dir, file, scheduled } = await locate(source!);
const path = join(dir, file);
const manifest = await trust(dir, file, scheduled);
const counts = await prove(dir, file, manifest);
const rows = Object.entries(counts)
  .map(([table, count]) => `${table} ${count}`)
  .join(', ');
console.log(`${file} is proved: ${rows}`);
let aside = '';
try {
  if (engine === 'sqlite') refuseWhileServerRuns(dataDir);
  aside = await restoreStore(engine, { dataDir, databaseUrl }, path);
  if (engine === 'postgres') {
    console.log(`restored ${path} into the PostgreSQL database; the previous tables are kept in schema ${aside}`);
  } else {
    console.log(`restored ${path} into ${dataDir}; the previous database is kept in ${aside}`);
    const files = manifest?.files ?? {};
    const back = await restoreCompanions(dir, file, files, dataDir, aside);
    console.log(
      `${back.key ? 'the licence signing key and ' : 'no signing key in the backup (LICENSE_SIGNING_KEY?); '}` +
        `${back.images} image(s) put back into ${dataDir}`,
    );
  }
} catch (error) {
  fail(`restore failed: ${(error as Error).message}`);
}
// The restored database's own log says it was restored: its entries stop at the backup's time.
await withStore(dataDir, (db) =>
  db.transaction((tx) =>
    recordActivityIn(tx, {
      ...SYSTEM_ACTOR,
      at: new Date().toISOString(),
      action: 'backup.restored',
      objectType: 'backup',
      objectId: file,
      summary: `database restored from ${file} on the server (npm run restore); the previous one kept in ${aside}`,
      before: null,
      after: counts,
    }),
  ),
).catch((error: unknown) => console.error(`restored, but its activity log entry failed: ${(error as Error).message}`));
