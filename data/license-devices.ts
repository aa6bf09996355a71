import type { Database, Statement } from './database';
import { recordLicenseEvent } from './license-events';

/** The columns the desktop app's calls need. */
export type LicenseDeviceRow = {
  id: number;
  license_key: string;
  key_sha256: string;
  app_type: string;
  status: string;
  expired_date: string;
  device_id: string | null;
  device_name: string | null;
  device_activated_at: string | null;
  last_seen_at: string | null;
  app_version: string | null;
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

export type UnbindOutcome =
  | { kind: 'unbound' | 'none' | 'mismatch'; license: LicenseDeviceRow }
  | { kind: 'missing' };

export type SeenUpdate = { licenseId: number; deviceId: string; at: string; appVersion: string | null };

// The key hash is stored as its 32 bytes (BLOB) and read and bound as hex, as the rest of the code knows it.
const COLUMNS =
  'id, license_key, lower(hex(key_sha256)) AS key_sha256, app_type, status, expired_date, device_id, device_name, device_activated_at, last_seen_at, app_version';

// The hot path (validate) runs these per request: compile each once per database.
const cache = new WeakMap<Database, Map<string, Statement>>();
function statement(db: Database, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

function byId(db: Database, id: number): LicenseDeviceRow | undefined {
  return statement(db, `SELECT ${COLUMNS} FROM licenses WHERE id = ?`).get<LicenseDeviceRow>(id);
}

export async function findLicenseByKeyHash(db: Database, keySha256: string): Promise<LicenseDeviceRow | undefined> {
  return statement(db, `SELECT ${COLUMNS} FROM licenses WHERE key_sha256 = unhex(?)`).get<LicenseDeviceRow>(keySha256);
}

/** Moves counted now: activations flagged as a move, inside the window, after the last admin unbind. */
function recentMoves(db: Database, licenseId: number, windowStart: string): { count: number; oldest: string | null } {
  const row = statement(
    db,
    `SELECT count(*) AS count, min(at) AS oldest FROM license_events
     WHERE license_id = ? AND type = 'activated' AND json_extract(data, '$.move') = 1 AND at > ?
       AND id > (SELECT coalesce(max(id), 0) FROM license_events WHERE license_id = ? AND type = 'admin_unbound')`,
  ).get<{ count: number; oldest: string | null }>(licenseId, windowStart, licenseId);
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Counts the moves of a licence in the window (for tests and the admin's view). */
export async function countRecentMoves(db: Database, licenseId: number, windowStart: string): Promise<number> {
  return recentMoves(db, licenseId, windowStart).count;
}

/**
 * Binds a device in one transaction. The UPDATE only matches while no device is bound, and the
 * whole decision runs synchronously inside the transaction, so of many devices racing for one
 * key exactly one is bound; the others see 'other'.
 */
export async function bindDevice(db: Database, input: BindInput): Promise<BindOutcome> {
  return db.transaction((): BindOutcome => {
    const license = byId(db, input.licenseId);
    if (!license) return { kind: 'missing' };
    if (license.device_id === input.deviceId) {
      statement(db, 'UPDATE licenses SET device_name = ?, last_seen_at = ?, app_version = coalesce(?, app_version), updated_at = ? WHERE id = ?').run(
        input.deviceName,
        input.at,
        input.appVersion,
        input.at,
        license.id,
      );
      return { kind: 'same', license: byId(db, license.id)! };
    }
    if (license.device_id !== null) return { kind: 'other', license };
    const previous = statement(
      db,
      "SELECT device_id FROM license_events WHERE license_id = ? AND type = 'activated' ORDER BY id DESC LIMIT 1",
    ).get<{ device_id: string | null }>(license.id);
    const move = previous !== undefined && previous.device_id !== input.deviceId;
    if (move) {
      const moves = recentMoves(db, license.id, input.windowStart);
      if (moves.count >= input.maxMoves) return { kind: 'transfer_limit', license, oldestMoveAt: moves.oldest ?? input.at };
    }
    const changed = statement(
      db,
      `UPDATE licenses SET device_id = ?, device_name = ?, device_activated_at = ?, last_seen_at = ?,
         app_version = coalesce(?, app_version), updated_at = ? WHERE id = ? AND device_id IS NULL`,
    ).run(input.deviceId, input.deviceName, input.at, input.at, input.appVersion, input.at, license.id).changes;
    if (changed !== 1) return { kind: 'other', license: byId(db, license.id)! };
    recordLicenseEvent(db, {
      license_id: license.id,
      type: 'activated',
      actor: 'device',
      device_id: input.deviceId,
      at: input.at,
      data: { device_name: input.deviceName, move, app_version: input.appVersion, ...input.data },
    });
    return { kind: 'bound', license: byId(db, license.id)!, move };
  });
}

/** Releases the binding only when `deviceId` is the bound device; records `deactivated` or `admin_unbound`. */
export async function unbindDevice(
  db: Database,
  input: { licenseId: number; deviceId: string; actor: 'device' | 'admin'; at: string; data?: Record<string, unknown> },
): Promise<UnbindOutcome> {
  return db.transaction((): UnbindOutcome => {
    const license = byId(db, input.licenseId);
    if (!license) return { kind: 'missing' };
    if (license.device_id === null) return { kind: 'none', license };
    if (license.device_id !== input.deviceId) return { kind: 'mismatch', license };
    statement(
      db,
      'UPDATE licenses SET device_id = NULL, device_name = NULL, device_activated_at = NULL, updated_at = ? WHERE id = ? AND device_id = ?',
    ).run(input.at, license.id, input.deviceId);
    recordLicenseEvent(db, {
      license_id: license.id,
      type: input.actor === 'admin' ? 'admin_unbound' : 'deactivated',
      actor: input.actor,
      device_id: input.deviceId,
      at: input.at,
      data: { device_name: license.device_name, ...input.data },
    });
    return { kind: 'unbound', license: byId(db, license.id)! };
  });
}

/** Last seen time and app version of many validations in one transaction; skips licences no longer bound to that device. */
export async function recordSeen(db: Database, updates: readonly SeenUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.transaction(() => {
    const update = statement(db, 'UPDATE licenses SET last_seen_at = ?, app_version = coalesce(?, app_version) WHERE id = ? AND device_id = ?');
    for (const item of updates) update.run(item.at, item.appVersion, item.licenseId, item.deviceId);
  }, { telemetry: true });
}
