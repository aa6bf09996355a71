/**
 * Tells the shop once per incident: when backups start needing attention, one e-mail to the
 * storefront's support address through the outbox (in the transaction that opens the incident, so
 * two instances cannot both send it); when they are well again, the incident closes and the next
 * failure is a new one.
 */
import { closeBackupAlert, openBackupAlertIn, readBackupAlert } from '../../data/backups';
import { enqueueMailIn } from '../../data/outbox';
import { readStorefrontValues } from '../../data/storefront-values';
import type { CoreContext } from '../core-context';
import type { BackupHealth } from './backup-health';

function alertText(health: BackupHealth, timeZone: string): string {
  const last = health.lastProved;
  const lastLine = last
    ? `The last proved backup is ${last.file}, taken ${new Date(last.started_at).toLocaleString('en-GB', { timeZone, timeZoneName: 'short' })}.`
    : 'No backup has been proved yet.';
  return [
    'Scheduled backups of the shop need attention.',
    '',
    health.reason ?? '',
    lastLine,
    '',
    'Open the admin dashboard for the details; the README section "Backups" says how to check and restore them.',
    'This e-mail is sent once; the next one comes only after backups were well again and fail anew.',
  ].join('\n');
}

/** Opens or closes the incident after a backup run; returns true when it queued the alert e-mail. */
export async function updateBackupAlert(ctx: CoreContext, health: BackupHealth): Promise<boolean> {
  const alert = await readBackupAlert(ctx.db);
  if (!health.needsAttention) {
    if (alert.open_since) await closeBackupAlert(ctx.db);
    return false;
  }
  if (alert.open_since) return false;
  const to = (await readStorefrontValues(ctx.db)).contacts.support_email.trim();
  const at = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const opened = await openBackupAlertIn(tx, at, to !== '');
    if (!opened || to === '') return false;
    await enqueueMailIn(
      tx,
      {
        kind: 'backup',
        to_address: to,
        subject: 'Backups need attention',
        body: alertText(health, ctx.config.timeZone),
      },
      at,
    );
    return true;
  });
}
