import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackupRow } from '../../data/backups';
import { backupAlertMail } from './backup-alert';

const row = (file: string, status: string, started_at: string, error: string | null = null) =>
  ({ file, status, started_at, error }) as unknown as BackupRow;

test('backupAlertMail: Indonesian, dates in the one format for people (WIB), what happened first', () => {
  const proved = row('shop-1.db', 'proved', '2026-12-06T14:00:00.000Z');
  const failed = row('shop-2.db', 'failed', '2026-12-07T14:00:00.000Z', 'ENOSPC: no space left on device');
  const mail = backupAlertMail(
    { lastBackup: failed, lastProved: proved, needsAttention: true, reason: 'x' },
    'Asia/Jakarta',
  );
  assert.is(mail.subject, 'Cadangan toko perlu diperiksa');
  assert.match(
    mail.body,
    'Cadangan terakhir (shop-2.db, 7 Desember 2026 pukul 21:00 WIB) gagal: ENOSPC: no space left on device.',
  );
  assert.match(mail.body, 'Cadangan terakhir yang terbukti utuh: shop-1.db, dibuat 6 Desember 2026 pukul 21:00 WIB.');
  const stale = backupAlertMail(
    { lastBackup: proved, lastProved: proved, needsAttention: true, reason: 'x' },
    'Asia/Jakarta',
  );
  assert.match(stale.body, 'Cadangan terjadwal berhenti');
  assert.not.match(stale.body + mail.body, /GMT|need attention|The last/);
});

test.run();
