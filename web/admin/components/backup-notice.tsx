import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatInZone } from '../../../contract/rules/shop-time';
import { formatNumber } from '../format';
import { backUpNow, backups, loadBackupState } from '../state/backups';
import { store } from '../state/store';

/** The age reads as it grows: refreshed this often while the dashboard is open. */
const REFRESH_MS = 60_000;

function ageText(since: string, now: number): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * Scheduled backups on the dashboard: the last proved backup and its age, in the shop's zone; a
 * warning when they need attention (counted in "Needs Attention" too); a gentle note while
 * BACKUP_DIR is unset.
 */
export function BackupNotice(): ReactElement | null {
  const { state, running, message } = useSnapshot(backups);
  const { timeZone } = useSnapshot(store);
  useEffect(() => {
    void loadBackupState();
    const timer = setInterval(() => void loadBackupState(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (!state) return null;
  if (!state.enabled) {
    return (
      <p className="notice backup-off" role="status" data-backup-notice="off">
        Scheduled backups are off: set <code>BACKUP_DIR</code> to have the shop back itself up and prove each copy (see
        the README, "Backups").
      </p>
    );
  }
  const proved = state.last_proved;
  const rows = proved ? Object.values(proved.counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <section
      className={`notice spread-row backup-notice${state.needs_attention ? ' notice-warning' : ''}`}
      aria-label="Backups"
      data-backup-notice={state.needs_attention ? 'attention' : 'ok'}
    >
      <p className="backup-line">
        {state.needs_attention ? <strong>Backups need attention. </strong> : null}
        {state.reason ? `${state.reason}. ` : null}
        {proved ? (
          <>
            Last proved backup: <span className="backup-file">{proved.file}</span>, taken{' '}
            {formatInZone(proved.taken_at, timeZone)} (
            <span data-backup-age="">{ageText(proved.taken_at, Date.now())} ago</span>), {formatNumber(rows)} rows in{' '}
            {Object.keys(proved.counts).length} tables.
          </>
        ) : (
          'No backup has been proved yet.'
        )}
        {state.alert_mailed_at
          ? ` The shop's support address was e-mailed ${formatInZone(state.alert_mailed_at, timeZone)}.`
          : null}
      </p>
      <div className="backup-actions">
        <button type="button" className="button button-secondary" disabled={running} onClick={() => void backUpNow()}>
          {running ? 'Backing up…' : 'Back up now'}
        </button>
        {/* A failure is the notice's own text already. */}
        {message && !state.needs_attention ? <span role="status">{message}</span> : null}
      </div>
    </section>
  );
}
