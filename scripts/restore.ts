/**
 * `npm run restore -- <file | name | latest>`: makes a backup the database of DATA_DIR (default
 * ./var), or with DATABASE_URL loads a pg_dump archive into that database. A name or `latest` is
 * looked up in BACKUP_DIR (the scheduled backups). The backup is proved first (opened in a scratch
 * place, every table counted, and against its manifest: same bytes, same rows) and refused if it
 * fails. The server (every instance) must be stopped; what was there is moved aside, not deleted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backupFiles, isBackupName, readManifest } from '../api/backups/backup-files';
import { proveBackup } from '../api/backups/prove-backup';
import { restorePostgres } from '../data/postgres/dump';
import { restoreDatabase } from '../data/sqlite/backup';
import { recordActivityIn } from '../data/activity/activity-log';
import { SYSTEM_ACTOR } from '../data/activity/activity-log';
import { withStore } from './with-store';

const fail = (text: string, code = 1): never => {
  console.error(text);
  process.exit(code);
};

const source = process.argv[2];
if (!source) fail('usage: npm run restore -- <file | name in BACKUP_DIR | latest>', 2);
const databaseUrl = process.env.DATABASE_URL?.trim();
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

async function prove(dir: string, file: string, scheduled: boolean): Promise<Record<string, number>> {
  const manifest = await readManifest(dir, file);
  // A scheduled backup without its manifest was never proved (its proof failed, or it was cut short).
  if (scheduled && !manifest) fail(`refused: ${file} has no manifest (${file}.json) in ${dir}: it was never proved`);
  try {
    const proof = await proveBackup(
      engine,
      dir,
      file,
      manifest ? { sha256: manifest.sha256, counts: manifest.counts } : undefined,
    );
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
const counts = await prove(dir, file, scheduled);
const rows = Object.entries(counts)
  .map(([table, count]) => `${table} ${count}`)
  .join(', ');
console.log(`${file} is proved: ${rows}`);
const dataDir = resolve(process.env.DATA_DIR || './var');
let aside = '';
try {
  if (databaseUrl) {
    aside = await restorePostgres(databaseUrl, path);
    console.log(`restored ${path} into the PostgreSQL database; the previous tables are kept in schema ${aside}`);
  } else {
    refuseWhileServerRuns(dataDir);
    aside = await restoreDatabase(path, dataDir);
    console.log(`restored ${path} into ${dataDir}; the previous database is kept in ${aside}`);
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
