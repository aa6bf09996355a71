/**
 * Tells the shop once per incident (api/shared/owner-alert.ts): when backups start needing
 * attention, one e-mail to the owner, in the transaction that opens the incident; when they are
 * well again, the incident closes and the next failure is a new one.
 */
import { closeBackupAlert, openBackupAlertIn, readBackupAlert } from '../../data/backups';
import { ownerAlertAddress, queueOwnerAlertIn } from '../shared/owner-alert';
import type { CoreContext } from '../core-context';
import type { BackupHealth } from './backup-health';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';

/** The alert, in Indonesian like every e-mail of the shop, its times in the shop's zone (`7 Desember 2026 pukul 21:00 WIB`). */
export function backupAlertMail(health: BackupHealth, timeZone: string): { subject: string; body: string } {
  const when = (iso: string): string => formatDateTimeForPeople(iso, timeZone, 'id');
  const failed = health.lastBackup?.status === 'failed' ? health.lastBackup : undefined;
  const last = health.lastProved;
  const what = failed
    ? `Cadangan terakhir (${failed.file}, ${when(failed.started_at)}) gagal: ${failed.error ?? 'tanpa keterangan'}.`
    : 'Cadangan terjadwal berhenti: cadangan terakhir yang terbukti utuh sudah lebih tua dari dua kali jadwalnya.';
  const lastLine = last
    ? `Cadangan terakhir yang terbukti utuh: ${last.file}, dibuat ${when(last.started_at)}.`
    : 'Belum ada cadangan yang terbukti utuh.';
  return {
    subject: 'Cadangan toko perlu diperiksa',
    body: [
      'Halo,',
      '',
      'Cadangan terjadwal toko perlu diperiksa.',
      '',
      what,
      lastLine,
      '',
      'Buka dasbor admin untuk rinciannya; bagian "Backups" di README menjelaskan cara memeriksa dan memulihkannya.',
      'E-mail ini dikirim sekali; e-mail berikutnya baru datang setelah cadangan sempat normal lagi lalu gagal lagi.',
    ].join('\n'),
  };
}

/** Opens or closes the incident after a backup run; returns true when it queued the alert e-mail. */
export async function updateBackupAlert(ctx: CoreContext, health: BackupHealth): Promise<boolean> {
  const alert = await readBackupAlert(ctx.db);
  if (!health.needsAttention) {
    if (alert.open_since) await closeBackupAlert(ctx.db);
    return false;
  }
  if (alert.open_since) return false;
  const to = await ownerAlertAddress(ctx.db);
  const at = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const opened = await openBackupAlertIn(tx, at, to !== '');
    if (!opened || to === '') return false;
    await queueOwnerAlertIn(tx, to, 'backup', backupAlertMail(health, ctx.config.timeZone), at);
    return true;
  });
}
