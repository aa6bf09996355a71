/**
 * Scheduled backups, set up once: with BACKUP_DIR set, a run is asked for at start and then often
 * (a twelfth of the interval, between 1 s and 10 min), and makes a backup only when one is due
 * (backup-runner.ts), so a restart neither skips an interval nor makes an extra copy.
 */
import type { CoreContext } from '../core-context';
import { runBackups } from './backup-runner';
import type { RunOutcome } from './backup-runner';
import type { ActivityActor } from '../../data/activity/activity-log';
import { HOUR_MS } from '../../contract/rules/durations';
import type { LicenseSigner } from '../license-api';

export type BackupService = {
  enabled: boolean;
  /** "Back up now" (by the admin `by`): a run even if none is due; 'busy' when one is under way. */
  runNow: (by: ActivityActor) => Promise<RunOutcome>;
};

const MIN_TICK_MS = 1000;
const MAX_TICK_MS = 10 * 60 * 1000;

/** `signer`: the licence signing key, which signs every backup's manifest (manifest-signature.ts). */
export function setupBackups(ctx: CoreContext, signer: () => LicenseSigner, onMailQueued: () => void): BackupService {
  const { dir, everyHours } = ctx.config.backup;
  if (!dir) return { enabled: false, runNow: async () => 'not-due' };
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const run = (force: boolean, by?: ActivityActor): Promise<RunOutcome> => {
    const next = runBackups(ctx, signer, onMailQueued, force, by);
    const settled = next.catch(() => undefined).finally(() => running.delete(settled));
    running.add(settled);
    return next;
  };
  const tick = (): void => {
    if (stopped) return;
    void run(false).catch((error: unknown) => ctx.log.error('backups: the scheduled run failed', error));
  };
  const tickMs = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, (everyHours * HOUR_MS) / 12));
  const first = setTimeout(tick, 0);
  const interval = setInterval(tick, tickMs);
  interval.unref();
  ctx.onClose(async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
    await Promise.all(running);
  });
  return { enabled: true, runNow: (by) => run(true, by) };
}
