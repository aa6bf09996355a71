/**
 * The backup age the metrics report: seconds since the newest proved backup was taken, read from
 * the scheduled backups' records (data/backups.ts), as the dashboard's "last proved backup" reads
 * them. A backup that failed its proof does not count: its age would hide that nothing restorable
 * is newer.
 */
import { listBackups } from '../../data/backups';
import type { CoreContext } from '../core-context';
import type { BackupAgeSource } from './metrics';

export function backupAge(ctx: CoreContext): BackupAgeSource {
  return async () => {
    if (!ctx.config.backup.dir) return undefined;
    const proved = (await listBackups(ctx.db)).find((row) => row.status === 'proved');
    // Infinity, not absent: an alert on the age fires while no backup could be proved at all.
    return proved ? Math.max(0, (ctx.now().getTime() - Date.parse(proved.started_at)) / 1000) : Infinity;
  };
}
