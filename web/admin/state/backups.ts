import { proxy } from 'valtio';
import type { backupStatus, BackupState, runBackup } from '../../../contract/calls/backups';
import { apiJson } from '../api-client';
import { MESSAGES } from '../messages';

/** Scheduled backups as the dashboard shows them (GET /api/backup/status), and "Back up now". */
export const backups = proxy<{ state: BackupState | null; running: boolean; message: string }>({
  state: null,
  running: false,
  message: '',
});

export async function loadBackupState(): Promise<void> {
  try {
    const answer = await apiJson<typeof backupStatus>('GET', '/api/backup/status');
    if (answer.success && answer.backup) backups.state = answer.backup;
  } catch {
    // The notice keeps what it showed; the next refresh tries again.
  }
}

export async function backUpNow(): Promise<void> {
  backups.running = true;
  backups.message = '';
  try {
    const answer = await apiJson<typeof runBackup>('POST', '/api/backup/run');
    if (answer.success) {
      backups.state = answer.backup;
      backups.message = answer.message;
    } else backups.message = answer.error;
  } catch (error) {
    backups.message = MESSAGES.backupStartError + (error as Error).message;
  } finally {
    backups.running = false;
  }
}

/** What backups add to the dashboard's "Needs Attention": one while they need the owner. */
export function backupAttention(state: Pick<BackupState, 'enabled' | 'needs_attention'> | null): number {
  return state?.enabled && state.needs_attention ? 1 : 0;
}
