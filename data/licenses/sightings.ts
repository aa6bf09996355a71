/**
 * Licence health: where each licence validated. One row per licence, day of the shop's zone,
 * address and device, counting the validations answered (VALID) and refused (a known key refused
 * by validate). Written by the licence API's coalesced last-seen flush, never per request; read by
 * the insights: a key seen from many addresses or devices in one day may be shared.
 */
import { shopDay } from '../../contract/rules/shop-time';
import type { Sql, SqlValue, Store, Transaction } from '../store';
import { DAY_MS } from '../../contract/rules/durations';
import { SIGHTINGS_KEPT_DAYS } from '../../contract/rules/insight-periods';

export type Sighting = {
  licenseId: number;
  /** `2026-11-27`: the shop's day (contract/rules/shop-time.ts) the validations fell on. */
  day: string;
  ip: string;
  deviceId: string;
  validations: number;
  refusals: number;
  /** ISO time of the last of them. */
  lastAt: string;
};

/** Rows per statement, 7 parameters each: far below both engines' parameter limits. */
const ROWS_MAX = 256;
const ROW = '(?, ?, ?, ?, ?, ?, ?)';
const statements = new Map<number, string>();

/** Statement texts for 256, 128 ... 1 rows: a batch is split into those sizes, so the statement caches keep a few texts. */
function upsertStatement(rows: number): string {
  let sql = statements.get(rows);
  if (!sql) {
    sql =
      'INSERT INTO license_sightings (license_id, day, ip, device_id, validations, refusals, last_at) ' +
      `VALUES ${Array(rows).fill(ROW).join(', ')} ` +
      'ON CONFLICT (license_id, day, ip, device_id) DO UPDATE SET ' +
      'validations = license_sightings.validations + excluded.validations, ' +
      'refusals = license_sightings.refusals + excluded.refusals, ' +
      'last_at = CASE WHEN excluded.last_at > license_sightings.last_at THEN excluded.last_at ELSE license_sightings.last_at END';
    statements.set(rows, sql);
  }
  return sql;
}

/** Adds the counts of many sightings, one statement per power-of-two slice; the caller's transaction. */
export async function recordSightingsIn(tx: Transaction, sightings: readonly Sighting[]): Promise<void> {
  let start = 0;
  while (start < sightings.length) {
    const left = sightings.length - start;
    const rows = Math.min(ROWS_MAX, 2 ** Math.floor(Math.log2(left)));
    const params: SqlValue[] = [];
    for (let index = start; index < start + rows; index++) {
      const item = sightings[index]!;
      params.push(item.licenseId, item.day, item.ip, item.deviceId, item.validations, item.refusals, item.lastAt);
    }
    await tx.run(upsertStatement(rows), params);
    start += rows;
  }
}

/** One validated licence's last seen time, app version and address. */
export type SeenUpdate = {
  licenseId: number;
  deviceId: string;
  at: string;
  appVersion: string | null;
  ip: string | null;
};

/** Rows per statement: the recorder's batches (250) fit in one; 5 parameters a row stays far below both engines' limits. */
const SEEN_ROWS_MAX = 256;
/**
 * The first row's casts give PostgreSQL the columns' types; the other rows stay plain, so SQLite
 * reads the VALUES as a list, and the device is compared through coalesce() so SQLite cannot pick
 * the device index: it then updates by primary key. Otherwise (casts in every row, or a bare
 * device_id comparison) it scanned every licence for each statement: 100,000 rows to update 250.
 */
const SEEN_FIRST_ROW = '(CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT))';
const SEEN_ROW = '(?, ?, ?, ?, ?)';

/**
 * The statement for `rows` updates, padded to a power of two with rows that match no licence, so a
 * handful of texts serve every batch size and the statement caches keep them. VALUES names its
 * columns column1... on both engines.
 */
function seenStatement(rows: number): { sql: string; size: number } {
  const size = Math.min(SEEN_ROWS_MAX, 2 ** Math.ceil(Math.log2(Math.max(1, rows))));
  const sql =
    'UPDATE licenses SET last_seen_at = seen.column3, app_version = coalesce(seen.column4, licenses.app_version), ' +
    'last_seen_ip = coalesce(seen.column5, licenses.last_seen_ip) ' +
    `FROM (VALUES ${[SEEN_FIRST_ROW, ...Array<string>(size - 1).fill(SEEN_ROW)].join(', ')}) AS seen ` +
    "WHERE licenses.id = seen.column1 AND coalesce(licenses.device_id, '') = seen.column2";
  return { sql, size };
}

/**
 * Last seen time, app version and address of many validations, one statement per batch (skipping
 * licences no longer bound to the device that validated), and the day's sightings, in one
 * telemetry transaction.
 */
export async function recordSeen(
  db: Store,
  updates: readonly SeenUpdate[],
  sightings: readonly Sighting[] = [],
): Promise<void> {
  if (updates.length === 0 && sightings.length === 0) return;
  await db.transaction(
    async (tx) => {
      for (let start = 0; start < updates.length; start += SEEN_ROWS_MAX) {
        const rows = updates.slice(start, start + SEEN_ROWS_MAX);
        const { sql, size } = seenStatement(rows.length);
        const params: SqlValue[] = [];
        for (const item of rows) params.push(item.licenseId, item.deviceId, item.at, item.appVersion, item.ip);
        for (let pad = rows.length; pad < size; pad++) params.push(null, null, null, null, null);
        await tx.run(sql, params);
      }
      await recordSightingsIn(tx, sightings);
    },
    { telemetry: true },
  );
}

/** Drops the days older than SIGHTINGS_KEPT_DAYS before `now` (telemetry: nothing waits for it). */
export async function pruneSightings(db: Store, now: Date, zone: string): Promise<void> {
  const oldest = shopDay(new Date(now.getTime() - SIGHTINGS_KEPT_DAYS * DAY_MS), zone);
  await db.transaction((tx) => tx.run('DELETE FROM license_sightings WHERE day < ?', [oldest]), { telemetry: true });
}

/** The shop's days a period [fromIso, toIso) touches, first and last. */
function dayRange(fromIso: string, toIso: string, zone: string): [string, string] {
  return [shopDay(new Date(fromIso), zone), shopDay(new Date(Date.parse(toIso) - 1), zone)];
}

export type SharingSuspect = {
  license_id: number;
  day: string;
  addresses: number;
  devices: number;
  validations: number;
  refusals: number;
};

/**
 * Licences seen in one day of the period from at least `minAddresses` addresses or `minDevices`
 * devices (possible sharing), most addresses first; licences deleted since are left out.
 */
export async function sharingSuspects(
  db: Sql,
  fromIso: string,
  toIso: string,
  zone: string,
  options: { minAddresses?: number; minDevices?: number; limit?: number } = {},
): Promise<SharingSuspect[]> {
  const { minAddresses = 3, minDevices = 2, limit = 100 } = options;
  const [first, last] = dayRange(fromIso, toIso, zone);
  return db.all<SharingSuspect>(
    `SELECT s.license_id, s.day, count(DISTINCT s.ip) AS addresses, count(DISTINCT s.device_id) AS devices,
       sum(s.validations) AS validations, sum(s.refusals) AS refusals
     FROM license_sightings s
     WHERE s.day >= ? AND s.day <= ? AND EXISTS (SELECT 1 FROM licenses l WHERE l.id = s.license_id)
     GROUP BY s.license_id, s.day
     HAVING count(DISTINCT s.ip) >= ? OR count(DISTINCT s.device_id) >= ?
     ORDER BY addresses DESC, devices DESC, s.day DESC, s.license_id
     LIMIT ?`,
    [first, last, minAddresses, minDevices, limit],
  );
}

export type ValidationDay = { day: string; validations: number; refusals: number; licences: number };

/** Per day of the period: validations answered, refused, and how many licences validated. */
export async function validationsBetween(
  db: Sql,
  fromIso: string,
  toIso: string,
  zone: string,
): Promise<ValidationDay[]> {
  const [first, last] = dayRange(fromIso, toIso, zone);
  return db.all<ValidationDay>(
    `SELECT day, sum(validations) AS validations, sum(refusals) AS refusals, count(DISTINCT license_id) AS licences
     FROM license_sightings WHERE day >= ? AND day <= ? GROUP BY day ORDER BY day`,
    [first, last],
  );
}

/** One licence's sightings, newest day first (its page, and the tests). */
export async function sightingsOf(db: Sql, licenseId: number, limit = 200): Promise<Sighting[]> {
  const rows = await db.all<{
    day: string;
    ip: string;
    device_id: string;
    validations: number;
    refusals: number;
    last_at: string;
  }>(
    `SELECT day, ip, device_id, validations, refusals, last_at FROM license_sightings
     WHERE license_id = ? ORDER BY day DESC, last_at DESC LIMIT ?`,
    [licenseId, limit],
  );
  return rows.map((row) => ({
    licenseId,
    day: row.day,
    ip: row.ip,
    deviceId: row.device_id,
    validations: Number(row.validations),
    refusals: Number(row.refusals),
    lastAt: row.last_at,
  }));
}
