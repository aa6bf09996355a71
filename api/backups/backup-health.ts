/**
 * When scheduled backups need the owner: the last backup (or the last proof of the newest one
 * again) failed, or the last proved backup is older than twice the interval (the schedule stopped,
 * or every attempt is skipped). The dashboard's "Needs Attention" and the alert e-mail read this.
 */
import type { BackupRow } from '../../data/backups';
import { HOUR_MS } from '../../contract/rules/durations';

export type BackupHealth = {
  lastBackup: BackupRow | undefined;
  lastProved: BackupRow | undefined;
  needsAttention: boolean;
  reason: string | null;
};

/** `rows` newest first. */
export function backupHealth(rows: readonly BackupRow[], everyHours: number, now: Date): BackupHealth {
  const lastBackup = rows[0];
  const lastProved = rows.find((row) => row.status === 'proved');
  let reason: string | null = null;
  if (lastBackup?.status === 'failed') {
    reason = `The last backup (${lastBackup.file}) failed: ${lastBackup.error ?? 'no reason given'}`;
  } else if (lastProved && now.getTime() - Date.parse(lastProved.started_at) > 2 * everyHours * HOUR_MS) {
    reason = `The last proved backup (${lastProved.file}) is older than twice the interval of ${everyHours} h`;
  }
  return { lastBackup, lastProved, needsAttention: reason !== null, reason };
}
