/**
 * Free trials (docs/spec.md#free-trial): one per e-mail address ever (the address lower-cased,
 * unique), and one per device (the first device a trial key was activated on keeps that trial).
 */
import type { Sql, Transaction } from './store';

export async function findTrialByEmail(db: Sql, email: string): Promise<{ license_id: number } | undefined> {
  return db.get<{ license_id: number }>('SELECT license_id FROM trials WHERE email = ?', [email]);
}

/** Records the trial in the transaction that issues its licence; false when the address already had one. */
export async function insertTrialIn(tx: Transaction, email: string, licenseId: number, at: string): Promise<boolean> {
  const { changes } = await tx.run(
    'INSERT INTO trials (email, license_id, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
    [email, licenseId, at],
  );
  return changes === 1;
}

export async function isTrialLicense(db: Sql, licenseId: number): Promise<boolean> {
  return (await db.get('SELECT 1 AS one FROM trials WHERE license_id = ?', [licenseId])) !== undefined;
}

/**
 * When this licence's free trial was issued, while it is still a free trial: null when it is not
 * one, or when an order has issued or extended it since (it is then a paid licence).
 */
export async function freeTrialSince(db: Sql, licenseId: number): Promise<string | null> {
  const row = await db.get<{ created_at: string }>(
    `SELECT t.created_at FROM trials t WHERE t.license_id = ?
       AND NOT EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.license_id = t.license_id)`,
    [licenseId],
  );
  return row?.created_at ?? null;
}

/** The trial licences among these ids. */
export async function trialLicenseIds(db: Sql, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.all<{ license_id: number }>(
    `SELECT license_id FROM trials WHERE license_id IN (${ids.map(() => '?').join(', ')})`,
    [...ids],
  );
  return new Set(rows.map((row) => row.license_id));
}

/**
 * Device ids compare in any case (an app that sends its id in upper case once is the same device);
 * stored lower-cased. Rows written before that may hold another case: they are read with lower().
 */
function deviceKey(deviceId: string): string {
  return deviceId.toLowerCase();
}

/** The trial licence a device first activated, if any. */
export async function trialOfDevice(db: Sql, deviceId: string): Promise<number | undefined> {
  return (
    await db.get<{ license_id: number }>(
      'SELECT license_id FROM trial_devices WHERE device_id = ? OR lower(device_id) = ? ORDER BY at LIMIT 1',
      [deviceKey(deviceId), deviceKey(deviceId)],
    )
  )?.license_id;
}

/**
 * Claims the device for this trial licence in one statement (the device id is the key, so of two
 * trial keys activated at once on one new device, on any number of instances, one claim wins).
 * Answers the trial licence the device belongs to now: this one, or the one that held it first.
 */
export async function claimTrialDevice(db: Sql, deviceId: string, licenseId: number, at: string): Promise<number> {
  const earlier = await trialOfDevice(db, deviceId);
  if (earlier !== undefined) return earlier;
  await db.run(
    'INSERT INTO trial_devices (device_id, license_id, at) VALUES (?, ?, ?) ON CONFLICT (device_id) DO NOTHING',
    [deviceKey(deviceId), licenseId, at],
  );
  return (await trialOfDevice(db, deviceId)) ?? licenseId;
}

/** Gives the device back when the activation its claim was for did not happen. */
export async function releaseTrialDevice(db: Sql, deviceId: string, licenseId: number): Promise<void> {
  await db.run('DELETE FROM trial_devices WHERE device_id = ? AND license_id = ?', [deviceKey(deviceId), licenseId]);
}

/**
 * When the app last refused this trial key because its device already had a free trial
 * (`TRIAL_ALREADY_USED`, written by the licence API as a `validation_failed` event); null when it
 * never did, or the key was activated somewhere since. Read from the newest events only.
 */
export async function trialRefusedAt(db: Sql, licenseId: number): Promise<string | null> {
  const rows = await db.all<{ type: string; at: string; data: string | null }>(
    `SELECT type, at, data FROM license_events WHERE license_id = ? AND type IN ('activated', 'validation_failed')
     ORDER BY id DESC LIMIT 50`,
    [licenseId],
  );
  for (const row of rows) {
    if (row.type === 'activated') return null;
    if ((JSON.parse(row.data ?? '{}') as { code?: unknown }).code === 'TRIAL_ALREADY_USED') return row.at;
  }
  return null;
}
