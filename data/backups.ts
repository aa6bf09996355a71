/**
 * Scheduled backups' records (api/backups/): one row per backup made or attempted, named after its
 * file in BACKUP_DIR, with the verdict of its last proof; and the one row of the open alert, so
 * that every instance sees the same state and an incident is e-mailed once.
 */
import type { Sql, Transaction } from './store';
import type { BACKUP_STATUSES, Word } from '../contract/rules/vocabulary';

export type BackupStatus = Word<typeof BACKUP_STATUSES>;

export type BackupRow = {
  id: number;
  file: string;
  /** When the copy was taken: what a restore of it brings back is the shop as it was then. */
  started_at: string;
  status: BackupStatus;
  bytes: number | null;
  sha256: string | null;
  /** JSON of rows per table, counted in the copy when it was made. */
  counts: string | null;
  checked_at: string;
  proved_at: string | null;
  error: string | null;
};

export type NewBackup = Omit<BackupRow, 'id'>;

export async function recordBackup(db: Sql, row: NewBackup): Promise<void> {
  await db.run(
    'INSERT INTO backups (file, started_at, status, bytes, sha256, counts, checked_at, proved_at, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [row.file, row.started_at, row.status, row.bytes, row.sha256, row.counts, row.checked_at, row.proved_at, row.error],
  );
}

/** The verdict of a later proof: passed (proved_at moves) or failed with why. */
export async function recordCheck(db: Sql, file: string, at: string, error: string | undefined): Promise<void> {
  if (error === undefined) {
    await db.run("UPDATE backups SET status = 'proved', checked_at = ?, proved_at = ?, error = NULL WHERE file = ?", [
      at,
      at,
      file,
    ]);
  } else {
    await db.run("UPDATE backups SET status = 'failed', checked_at = ?, error = ? WHERE file = ?", [at, error, file]);
  }
}

/** Newest first. */
export async function listBackups(db: Sql): Promise<BackupRow[]> {
  return db.all<BackupRow>('SELECT * FROM backups ORDER BY started_at DESC, id DESC');
}

export async function findBackup(db: Sql, file: string): Promise<BackupRow | undefined> {
  return db.get<BackupRow>('SELECT * FROM backups WHERE file = ?', [file]);
}

export async function deleteBackupRow(db: Sql, file: string): Promise<void> {
  await db.run('DELETE FROM backups WHERE file = ?', [file]);
}

export type BackupAlert = { open_since: string | null; mailed_at: string | null };

export async function readBackupAlert(db: Sql): Promise<BackupAlert> {
  return (
    (await db.get<BackupAlert>('SELECT open_since, mailed_at FROM backup_alert WHERE id = 1')) ?? {
      open_since: null,
      mailed_at: null,
    }
  );
}

/** Opens the incident unless one is open; true when this call opened it (and so must tell the owner). */
export async function openBackupAlertIn(tx: Transaction, at: string, mailed: boolean): Promise<boolean> {
  const current = await tx.get<BackupAlert>('SELECT open_since, mailed_at FROM backup_alert WHERE id = 1');
  if (current?.open_since) return false;
  const mailedAt = mailed ? at : null;
  await tx.run(
    'INSERT INTO backup_alert (id, open_since, mailed_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET open_since = excluded.open_since, mailed_at = excluded.mailed_at',
    [at, mailedAt],
  );
  return true;
}

export async function closeBackupAlert(db: Sql): Promise<void> {
  await db.run('UPDATE backup_alert SET open_since = NULL WHERE id = 1');
}
