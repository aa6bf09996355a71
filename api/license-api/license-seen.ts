import type { Store } from '../../data/store';
import { recordSeen } from '../../data/licenses/devices';
import type { LicenseDeviceRow, SeenUpdate } from '../../data/licenses/devices';
import type { Logger } from '../logger';

const FLUSH_EVERY_MS = 2000;
/** Small enough that one chunk holds the event loop for only a few milliseconds. */
const CHUNK = 250;
/** A licence seen again within this time with the same app version is not written again. */
const SEEN_PRECISION_MS = 60_000;

/**
 * Last seen time and app version are telemetry, not state: validate answers without waiting for a
 * write, and the updates are written together every 2 seconds (and on shutdown). A crash loses at
 * most those 2 seconds of "last seen", never a binding.
 */
export class SeenRecorder {
  private pending = new Map<number, SeenUpdate>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Store,
    private readonly log: Logger,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  note(license: LicenseDeviceRow, deviceId: string, at: Date, appVersion: string | null): void {
    const lastSeen = license.last_seen_at === null ? NaN : Date.parse(license.last_seen_at);
    const sameVersion = appVersion === null || appVersion === license.app_version;
    if (!this.pending.has(license.id) && sameVersion && at.getTime() - lastSeen < SEEN_PRECISION_MS) return;
    this.pending.set(license.id, { licenseId: license.id, deviceId, at: at.toISOString(), appVersion });
  }

  /** Writes what is pending, in chunks so one flush never holds the event loop for long. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0 || !this.db.writable) return;
      const updates = [...this.pending.values()];
      this.pending = new Map();
      for (let start = 0; start < updates.length; start += CHUNK) {
        await recordSeen(this.db, updates.slice(start, start + CHUNK)).catch((error: unknown) =>
          this.log.warn('licence last-seen update failed', error),
        );
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
