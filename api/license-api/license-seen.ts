import { shopDay } from '../../contract/rules/shop-time';
import type { Store } from '../../data/store';
import type { LicenseDeviceRow } from '../../data/licenses/devices';
import { pruneSightings, recordSeen } from '../../data/licenses/sightings';
import type { SeenUpdate, Sighting } from '../../data/licenses/sightings';
import type { Logger } from '../logger';

const FLUSH_EVERY_MS = 2000;
/** Small enough that one chunk holds the event loop for only a few milliseconds. */
const CHUNK = 250;
/** A licence seen again within this time with the same app version and address is not written again. */
const SEEN_PRECISION_MS = 60_000;
/** Sightings held while the store refuses writes; beyond this they are counted as lost, not kept. */
const PENDING_MAX = 100_000;
/** The shop's day is looked up once per quarter hour (every zone's offset is a multiple of it). */
const SLOT_MS = 15 * 60_000;

type Counted = {
  licenseId: number;
  day: string;
  ip: string;
  deviceId: string;
  ok: number;
  refused: number;
  last: number;
};

/**
 * Last seen time, app version, address and the day's sightings are telemetry, not state: validate
 * answers without waiting for a write, and what it noted is written together every 2 seconds, one
 * write per licence and per licence-day-address-device, and on shutdown. A crash loses at most
 * those 2 seconds, never a binding; a failed write is logged and never reaches an answer.
 */
export class SeenRecorder {
  private pending = new Map<number, SeenUpdate>();
  private sightings = new Map<string, Counted>();
  private lost = 0;
  private slot = -1;
  private day = '';
  private prunedDay = '';
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Store,
    private readonly log: Logger,
    private readonly zone: string,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** One validate of a known licence from `deviceId` at `ip`: `valid` when it was answered VALID. */
  note(
    license: LicenseDeviceRow,
    deviceId: string,
    at: Date,
    appVersion: string | null,
    ip: string,
    valid = true,
  ): void {
    const time = at.getTime();
    this.sighted(license.id, deviceId, ip, time, valid);
    if (!valid) return;
    const lastSeen = license.last_seen_at === null ? NaN : Date.parse(license.last_seen_at);
    const same = (appVersion === null || appVersion === license.app_version) && ip === license.last_seen_ip;
    if (same && time - lastSeen < SEEN_PRECISION_MS && !this.pending.has(license.id)) return;
    this.pending.set(license.id, { licenseId: license.id, deviceId, at: at.toISOString(), appVersion, ip });
  }

  private sighted(licenseId: number, deviceId: string, ip: string, time: number, valid: boolean): void {
    const slot = Math.floor(time / SLOT_MS);
    if (slot !== this.slot) {
      this.slot = slot;
      this.day = shopDay(new Date(time), this.zone);
    }
    const key = `${licenseId}\u0000${this.day}\u0000${ip}\u0000${deviceId}`;
    let counted = this.sightings.get(key);
    if (!counted) {
      if (this.sightings.size >= PENDING_MAX) {
        this.lost++;
        return;
      }
      counted = { licenseId, day: this.day, ip, deviceId, ok: 0, refused: 0, last: time };
      this.sightings.set(key, counted);
    }
    if (valid) counted.ok++;
    else counted.refused++;
    if (time > counted.last) counted.last = time;
  }

  /** Writes what is pending, in chunks so one flush never holds the event loop for long. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if ((this.pending.size === 0 && this.sightings.size === 0) || !this.db.writable) return;
      const updates = [...this.pending.values()];
      const sightings = [...this.sightings.values()].map(toSighting);
      this.pending = new Map();
      this.sightings = new Map();
      if (this.lost > 0) this.log.warn(`licence sightings: ${this.lost} lost while storage refused writes`);
      this.lost = 0;
      for (let start = 0; start < Math.max(updates.length, sightings.length); start += CHUNK) {
        const end = start + CHUNK;
        await recordSeen(this.db, updates.slice(start, end), sightings.slice(start, end)).catch((error: unknown) =>
          this.log.warn('licence last-seen update failed', error),
        );
      }
      if (this.day !== '' && this.prunedDay !== this.day) {
        this.prunedDay = this.day;
        await pruneSightings(this.db, new Date(this.slot * SLOT_MS), this.zone).catch((error: unknown) =>
          this.log.warn('licence sightings prune failed', error),
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

function toSighting(counted: Counted): Sighting {
  return {
    licenseId: counted.licenseId,
    day: counted.day,
    ip: counted.ip,
    deviceId: counted.deviceId,
    validations: counted.ok,
    refusals: counted.refused,
    lastAt: new Date(counted.last).toISOString(),
  };
}
