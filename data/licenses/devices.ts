import { bytesToHex, hexToBytes } from './key-bytes';
import { recordLicenseEventIn } from './events';
import type { StoredLicense } from './licenses';
import type { Sql, Store } from '../store';
import type { WithinChange } from '../activity/activity-log';

/** The columns the desktop app's calls need. */
export type LicenseDeviceRow = Omit<StoredLicense, 'email' | 'created_at' | 'updated_at'> & {
  /** SHA-256 hex of the normalised key. */
  key_sha256: string;
  /** The address of the last validation written (telemetry, like last_seen_at). */
  last_seen_ip: string | null;
};

export type BindInput = {
  licenseId: number;
  deviceId: string;
  deviceName: string;
  appVersion: string | null;
  /** ISO time of the call. */
  at: string;
  maxMoves: number;
  /** Moves at or before this ISO time no longer count (the rolling window). */
  windowStart: string;
  data?: Record<string, unknown>;
};

export type BindOutcome =
  | { kind: 'bound'; license: LicenseDeviceRow; move: boolean }
  | { kind: 'same'; license: LicenseDeviceRow }
  | { kind: 'other'; license: LicenseDeviceRow }
  | { kind: 'transfer_limit'; license: LicenseDeviceRow; oldestMoveAt: string }
  | { kind: 'missing' };

export type UnbindOutcome = { kind: 'unbound' | 'none' | 'mismatch'; license: LicenseDeviceRow } | { kind: 'missing' };

const COLUMNS =
  'id, license_key, key_sha256, app_type, status, expired_date, device_id, device_name, device_activated_at, last_seen_at, app_version, last_seen_ip';

type StoredDeviceRow = Omit<LicenseDeviceRow, 'key_sha256'> & { key_sha256: Uint8Array };

/** The key hash is stored as its 32 bytes; the rest of the code knows it as hex. */
function toRow(row: StoredDeviceRow | undefined): LicenseDeviceRow | undefined {
  return row && { ...row, key_sha256: bytesToHex(row.key_sha256) };
}

async function byId(db: Sql, id: number): Promise<LicenseDeviceRow | undefined> {
  return toRow(await db.get<StoredDeviceRow>(`SELECT ${COLUMNS} FROM licenses WHERE id = ?`, [id]));
}

const BY_KEY_HASH = `SELECT ${COLUMNS} FROM licenses WHERE key_sha256 = ?`;

export async function findLicenseByKeyHash(db: Sql, keySha256: string): Promise<LicenseDeviceRow | undefined> {
  const row = await db.get<LicenseDeviceRow | StoredDeviceRow>(BY_KEY_HASH, [hexToBytes(keySha256)]);
  // The row matched this hash: name it as asked (lower-case hex) rather than converting it back.
  if (row) row.key_sha256 = keySha256;
  return row as LicenseDeviceRow | undefined;
}

/**
 * Moves counted now: activations flagged as a move and the buyer's releases
 * (docs/spec.md#buyer-account), inside the window, after the last admin unbind. The flag lives in
 * the event's JSON, read here rather than by a JSON function of one engine.
 */
export async function recentMoves(
  db: Sql,
  licenseId: number,
  windowStart: string,
): Promise<{ count: number; oldest: string | null }> {
  const rows = await db.all<{ at: string; data: string | null }>(
    `SELECT at, data FROM license_events
     WHERE license_id = ? AND type IN ('activated', 'device_released') AND at > ?
       AND id > (SELECT coalesce(max(id), 0) FROM license_events WHERE license_id = ? AND type = 'admin_unbound')
     ORDER BY at`,
    [licenseId, windowStart, licenseId],
  );
  const moves = rows.filter((row) => (JSON.parse(row.data ?? '{}') as { move?: unknown }).move === true);
  return { count: moves.length, oldest: moves[0]?.at ?? null };
}

export type LastBinding = { type: 'activated' | 'device_released'; device_id: string | null; data: string | null };

/**
 * The licence's latest activation or buyer release. An activation on another device than the
 * last activated one is a move, unless the buyer's release came after it: the release itself was
 * counted (docs/spec.md#buyer-account).
 */
export async function lastBinding(db: Sql, licenseId: number): Promise<LastBinding | undefined> {
  return db.get<LastBinding>(
    "SELECT type, device_id, data FROM license_events WHERE license_id = ? AND type IN ('activated', 'device_released') ORDER BY id DESC LIMIT 1",
    [licenseId],
  );
}

/** Counts the moves of a licence in the window (for tests and the admin's view). */
export async function countRecentMoves(db: Sql, licenseId: number, windowStart: string): Promise<number> {
  return (await recentMoves(db, licenseId, windowStart)).count;
}

/**
 * Binds a device in one transaction. The UPDATE only matches while no device is bound, and the
 * whole decision runs inside the transaction, so of many devices racing for one key exactly one
 * is bound; the others see 'other'.
 */
export async function bindDevice(db: Store, input: BindInput): Promise<BindOutcome> {
  return db.transaction(async (tx): Promise<BindOutcome> => {
    const license = await byId(tx, input.licenseId);
    if (!license) return { kind: 'missing' };
    if (license.device_id === input.deviceId) {
      await tx.run(
        'UPDATE licenses SET device_name = ?, last_seen_at = ?, app_version = coalesce(?, app_version), updated_at = ? WHERE id = ?',
        [input.deviceName, input.at, input.appVersion, input.at, license.id],
      );
      return { kind: 'same', license: (await byId(tx, license.id))! };
    }
    if (license.device_id !== null) return { kind: 'other', license };
    const previous = await lastBinding(tx, license.id);
    const move = previous !== undefined && previous.type === 'activated' && previous.device_id !== input.deviceId;
    if (move) {
      const moves = await recentMoves(tx, license.id, input.windowStart);
      if (moves.count >= input.maxMoves)
        return { kind: 'transfer_limit', license, oldestMoveAt: moves.oldest ?? input.at };
    }
    const { changes } = await tx.run(
      `UPDATE licenses SET device_id = ?, device_name = ?, device_activated_at = ?, last_seen_at = ?,
         app_version = coalesce(?, app_version), updated_at = ? WHERE id = ? AND device_id IS NULL`,
      [input.deviceId, input.deviceName, input.at, input.at, input.appVersion, input.at, license.id],
    );
    if (changes !== 1) return { kind: 'other', license: (await byId(tx, license.id))! };
    await recordLicenseEventIn(tx, {
      license_id: license.id,
      type: 'activated',
      actor: 'device',
      device_id: input.deviceId,
      at: input.at,
      data: { device_name: input.deviceName, move, app_version: input.appVersion, ...input.data },
    });
    return { kind: 'bound', license: (await byId(tx, license.id))!, move };
  });
}

/** Releases the binding only when `deviceId` is the bound device; records `deactivated` or `admin_unbound`. */
export async function unbindDevice(
  db: Store,
  input: { licenseId: number; deviceId: string; actor: 'device' | 'admin'; at: string; data?: Record<string, unknown> },
  within?: WithinChange<{ device_id: string; device_name: string | null }>,
): Promise<UnbindOutcome> {
  return db.transaction(async (tx): Promise<UnbindOutcome> => {
    const license = await byId(tx, input.licenseId);
    if (!license) return { kind: 'missing' };
    if (license.device_id === null) return { kind: 'none', license };
    if (license.device_id !== input.deviceId) return { kind: 'mismatch', license };
    await tx.run(
      'UPDATE licenses SET device_id = NULL, device_name = NULL, device_activated_at = NULL, updated_at = ? WHERE id = ? AND device_id = ?',
      [input.at, license.id, input.deviceId],
    );
    await recordLicenseEventIn(tx, {
      license_id: license.id,
      type: input.actor === 'admin' ? 'admin_unbound' : 'deactivated',
      actor: input.actor,
      device_id: input.deviceId,
      at: input.at,
      data: { device_name: license.device_name, ...input.data },
    });
    await within?.(tx, { device_id: input.deviceId, device_name: license.device_name });
    return { kind: 'unbound', license: (await byId(tx, license.id))! };
  });
}

export type ReleaseOutcome =
  | { kind: 'released'; license: LicenseDeviceRow }
  | { kind: 'none' }
  | { kind: 'transfer_limit'; oldestMoveAt: string }
  | { kind: 'missing' };

/**
 * The buyer's "Lepas perangkat": unbinds whatever device holds the licence, counted as a move
 * against the same limit as an activation on a new device, in one transaction with the count.
 */
export async function releaseDevice(
  db: Store,
  input: { licenseId: number; at: string; maxMoves: number; windowStart: string },
  within?: WithinChange<{ device_id: string; device_name: string | null }>,
): Promise<ReleaseOutcome> {
  return db.transaction(async (tx): Promise<ReleaseOutcome> => {
    const license = await byId(tx, input.licenseId);
    if (!license) return { kind: 'missing' };
    if (license.device_id === null) return { kind: 'none' };
    const moves = await recentMoves(tx, license.id, input.windowStart);
    if (moves.count >= input.maxMoves) return { kind: 'transfer_limit', oldestMoveAt: moves.oldest ?? input.at };
    await tx.run(
      'UPDATE licenses SET device_id = NULL, device_name = NULL, device_activated_at = NULL, updated_at = ? WHERE id = ?',
      [input.at, license.id],
    );
    await recordLicenseEventIn(tx, {
      license_id: license.id,
      type: 'device_released',
      actor: 'buyer',
      device_id: license.device_id,
      at: input.at,
      data: { device_name: license.device_name, move: true },
    });
    await within?.(tx, { device_id: license.device_id, device_name: license.device_name });
    return { kind: 'released', license: (await byId(tx, license.id))! };
  });
}
