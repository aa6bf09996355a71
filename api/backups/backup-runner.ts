/**
 * One backup run, inside the store's exclusive job so that one instance runs it at a time; the
 * schedule asks often, and a run makes a backup only when the newest one is an interval old, so
 * two instances on one PostgreSQL database make one backup per interval between them. A run:
 * proves the newest kept backup again, makes a new one and proves it, removes the proved ones
 * beyond BACKUP_KEEP (a failed attempt never pushes a good copy out), and updates the alert.
 */
import { mkdir } from 'node:fs/promises';
import { deleteBackupRow, listBackups, recordBackup, recordCheck } from '../../data/backups';
import type { NewBackup } from '../../data/backups';
import type { Transaction } from '../../data/store';
import { SYSTEM_ACTOR } from '../../data/activity/activity-log';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';
import type { BackupRow } from '../../data/backups';
import type { CoreContext } from '../core-context';
import { updateBackupAlert } from './backup-alert';
import { backupName, readManifest, removeBackupFiles, removeLeftovers } from './backup-files';
import type { Engine } from './backup-files';
import { backupHealth } from './backup-health';
import { makeProvedBackup } from './backup-set';
import { proveCompanions } from './backup-companions';
import { proveBackup } from './prove-backup';
import type { LicenseSigner } from '../license-api';
import { HOUR_MS } from '../../contract/rules/durations';

export type RunOutcome = 'made' | 'not-due' | 'busy';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function parseCounts(row: Pick<BackupRow, 'counts'>): Record<string, number> | null {
  return row.counts ? (JSON.parse(row.counts) as Record<string, number>) : null;
}

async function proveAgain(
  ctx: CoreContext,
  engine: Engine,
  dir: string,
  row: BackupRow,
  by: ActivityActor,
): Promise<void> {
  let failure: string | undefined;
  try {
    await proveBackup(engine, dir, row.file, { sha256: row.sha256, counts: parseCounts(row) });
    const files = (await readManifest(dir, row.file))?.files;
    if (files) await proveCompanions(dir, row.file, files);
  } catch (error) {
    failure = message(error);
    ctx.log.error(`backups: ${row.file} failed its proof again: ${failure}`);
  }
  const at = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await recordCheck(tx, row.file, at, failure);
    // A proof that passes again changes nothing a person needs to see; one that fails does.
    if (failure !== undefined)
      await recordBackupChangeIn(
        tx,
        by,
        at,
        'backup.proof_failed',
        row.file,
        `backup ${row.file} failed its proof: ${failure}`,
        {
          status: 'failed',
          error: failure,
        },
      );
  });
}

function recordBackupChangeIn(
  tx: Transaction,
  by: ActivityActor,
  at: string,
  action: 'backup.made' | 'backup.failed' | 'backup.proof_failed',
  file: string,
  summary: string,
  after: Record<string, unknown>,
): Promise<void> {
  return recordChangeIn(tx, by, at, { action, objectType: 'backup', objectId: file, summary, before: null, after });
}

/** The backup's row and its activity entry, in one transaction. */
async function recordBackupLogged(ctx: CoreContext, by: ActivityActor, row: NewBackup): Promise<void> {
  const at = row.checked_at ?? ctx.now().toISOString();
  const made = row.status === 'proved';
  const summary = made
    ? `backup ${row.file} made and proved (${row.bytes} bytes)`
    : `backup ${row.file} failed: ${row.error}`;
  await ctx.db.transaction(async (tx) => {
    await recordBackup(tx, row);
    await recordBackupChangeIn(tx, by, at, made ? 'backup.made' : 'backup.failed', row.file, summary, {
      status: row.status,
      bytes: row.bytes,
      error: row.error,
    });
  });
}

async function makeBackup(
  ctx: CoreContext,
  engine: Engine,
  dir: string,
  by: ActivityActor,
  signer: LicenseSigner,
  earlierFile: string | undefined,
): Promise<void> {
  const taken = ctx.now();
  const file = backupName(taken, engine);
  try {
    await mkdir(dir, { recursive: true });
    await removeLeftovers(dir);
    // Writes answers did not wait for (last-seen times) belong in the copy too.
    await ctx.db.drain();
    const source = { dataDir: ctx.config.dataDir, databaseUrl: ctx.config.databaseUrl };
    const proof = await makeProvedBackup(engine, source, dir, file, taken, signer, earlierFile);
    const at = ctx.now().toISOString();
    const counts = JSON.stringify(proof.counts);
    await recordBackupLogged(ctx, by, {
      file,
      started_at: taken.toISOString(),
      status: 'proved',
      bytes: proof.bytes,
      sha256: proof.sha256,
      counts,
      checked_at: at,
      proved_at: at,
      error: null,
    });
  } catch (error) {
    ctx.log.error(`backups: ${file} failed`, error);
    // A copy that did not prove itself is never left to be mistaken for a backup.
    await removeBackupFiles(dir, file).catch(() => undefined);
    const at = ctx.now().toISOString();
    await recordBackupLogged(ctx, by, {
      file,
      started_at: taken.toISOString(),
      status: 'failed',
      bytes: null,
      sha256: null,
      counts: null,
      checked_at: at,
      proved_at: null,
      error: message(error),
    });
  }
}

async function prune(ctx: CoreContext, dir: string, keep: number): Promise<void> {
  const rows = await listBackups(ctx.db);
  const proved = rows.filter((row) => row.status === 'proved');
  const failed = rows.filter((row) => row.status === 'failed');
  const oldestKept = proved[Math.min(keep, proved.length) - 1];
  for (const row of rows) {
    const beyond =
      row.status === 'proved'
        ? proved.indexOf(row) >= keep
        : failed.indexOf(row) >= keep || (oldestKept !== undefined && row.started_at < oldestKept.started_at);
    if (!beyond) continue;
    await removeBackupFiles(dir, row.file);
    await deleteBackupRow(ctx.db, row.file);
  }
}

/** A run now if one is due (or `force`); 'busy' when a run is under way here or on another instance. */
/** `by`: who asked (the admin's "Back up now"), else the scheduler ("system"). */
export async function runBackups(
  ctx: CoreContext,
  signer: () => LicenseSigner,
  onMailQueued: () => void,
  force = false,
  by: ActivityActor = SYSTEM_ACTOR,
): Promise<RunOutcome> {
  const { dir, everyHours, keep } = ctx.config.backup;
  if (!dir) return 'not-due';
  const engine: Engine = ctx.db.engine;
  let outcome: RunOutcome = 'not-due';
  const ran = await ctx.db.exclusive('scheduled-backup', async () => {
    const newest = (await listBackups(ctx.db))[0];
    const due = force || !newest || ctx.now().getTime() - Date.parse(newest.started_at) >= everyHours * HOUR_MS;
    if (due) {
      outcome = 'made';
      const newestProved = (await listBackups(ctx.db)).find((row) => row.status === 'proved');
      if (newestProved) await proveAgain(ctx, engine, dir, newestProved, by);
      // A failed proof is the newest verdict until the new copy exists: the alert goes out for it.
      if (newestProved) await updateAlert(ctx, onMailQueued);
      await makeBackup(ctx, engine, dir, by, signer(), newestProved?.file);
      await prune(ctx, dir, keep);
    }
    await updateAlert(ctx, onMailQueued);
  });
  return ran ? outcome : 'busy';
}

async function updateAlert(ctx: CoreContext, onMailQueued: () => void): Promise<void> {
  const health = backupHealth(await listBackups(ctx.db), ctx.config.backup.everyHours, ctx.now());
  if (await updateBackupAlert(ctx, health)) onMailQueued();
}
