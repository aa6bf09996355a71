/** The admin's backup calls: the state of scheduled backups, and "back up now". */
import * as calls from '../../contract/calls/backups';
import type { Backup, BackupState } from '../../contract/calls/backups';
import { listBackups, readBackupAlert } from '../../data/backups';
import type { BackupRow } from '../../data/backups';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { backupHealth } from './backup-health';
import { adminActor } from '../shared/activity-actor';
import { parseCounts } from './backup-runner';

function toBackup(row: BackupRow): Backup {
  return {
    file: row.file,
    taken_at: row.started_at,
    status: row.status,
    bytes: row.bytes === null ? null : Number(row.bytes),
    counts: parseCounts(row) ?? {},
    checked_at: row.checked_at,
    proved_at: row.proved_at,
    error: row.error,
  };
}

async function openAlertMailedAt(ctx: AppContext): Promise<string | null> {
  const alert = await readBackupAlert(ctx.db);
  return alert.open_since ? alert.mailed_at : null;
}

async function backupState(ctx: AppContext): Promise<BackupState> {
  const { dir, everyHours, keep } = ctx.config.backup;
  const rows = dir ? await listBackups(ctx.db) : [];
  const health = backupHealth(rows, everyHours, ctx.now());
  return {
    enabled: dir !== undefined,
    engine: ctx.db.engine,
    every_hours: everyHours,
    keep,
    last_backup: health.lastBackup ? toBackup(health.lastBackup) : null,
    last_proved: health.lastProved ? toBackup(health.lastProved) : null,
    needs_attention: dir !== undefined && health.needsAttention,
    reason: dir !== undefined ? health.reason : null,
    alert_mailed_at: dir ? await openAlertMailedAt(ctx) : null,
    backups: rows.map(toBackup),
  };
}

export async function status(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.backupStatus>> {
  return { success: true, backup: await backupState(ctx) };
}

export async function run(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.runBackup>> {
  if (!ctx.backups.enabled)
    throw new HttpError(409, 'Scheduled backups are off: set BACKUP_DIR (see the README, "Backups")');
  if ((await ctx.backups.runNow(await adminActor(req, ctx))) === 'busy')
    throw new HttpError(409, 'A backup is under way: try again when it is done');
  const backup = await backupState(ctx);
  const made = backup.last_backup;
  const message =
    made?.status === 'proved'
      ? `Backup ${made.file} made and proved`
      : `The backup failed: ${made?.error ?? 'see the list'}`;
  return { success: true, message, backup };
}
