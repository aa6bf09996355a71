import type { Database } from './database';
import { recordLicenseEvent } from './license-events';
import { licenseSearchEntry, licenseSearchIndex } from './license-search';
import { cachedStatement as statement } from './statement-cache';

export type AppType = 'loopbot' | 'loopstream';
export type LicenseStatus = 'active' | 'expired' | 'other';

/** A licence as the admin sees it: `status` is derived (licenseStatus), never the stored word. */
export type LicenseRow = {
  id: number;
  license_key: string;
  email: string;
  app_type: AppType;
  status: LicenseStatus;
  expired_date: string;
  device_name: string | null;
  device_id: string | null;
  device_activated_at: string | null;
  last_seen_at: string | null;
  app_version: string | null;
  created_at: string;
  updated_at: string;
};

export type NewLicense = {
  license_key: string;
  key_sha256: string;
  email: string;
  app_type: AppType;
  expired_date: string;
  /** Kept by imports from another system; new licences are created now. */
  created_at?: string;
  /** Imports may carry a stored status and a bound device; new licences are active and unbound. */
  status?: string;
  device_id?: string | null;
  device_name?: string | null;
  device_activated_at?: string | null;
};

export type LicenseStats = {
  total_licenses: number;
  active_licenses: number;
  expired_licenses: number;
  activated_licenses: number;
};

export type ExpiryChange = { license: LicenseRow; old: string; new: string };

/**
 * The one rule for the status shown to the admin, in the list and in the stats: a passed expiry
 * is `expired` whatever was stored; otherwise the stored `active` or `expired`, and `other` for
 * any other stored word (suspended...).
 */
export function licenseStatus(stored: string, expiryPassed: boolean): LicenseStatus {
  if (expiryPassed) return 'expired';
  return stored === 'active' || stored === 'expired' ? stored : 'other';
}

/** A row as stored: `status` is the stored word, before licenseStatus. */
export type StoredLicense = Omit<LicenseRow, 'status'> & { status: string };

/** ISO strings of one fixed format (toISOString) compare in time order. */
export function withStatus(row: StoredLicense, now: string): LicenseRow {
  return { ...row, status: licenseStatus(row.status, row.expired_date <= now) };
}

export const LICENSE_COLUMNS = `id, license_key, email, app_type, status, expired_date, device_name, device_id,
  device_activated_at, last_seen_at, app_version, created_at, updated_at`;
export const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
const MULTI_ROW_CHUNK = 200;
export const COUNT_ALL = 'SELECT count(*) AS n FROM licenses';


function byId(db: Database, id: number, now: string): LicenseRow | undefined {
  const row = statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id = ?`).get<StoredLicense>(id);
  return row && withStatus(row, now);
}

/** The whole list, newest first. */
export async function listLicenses(db: Database, now: string): Promise<LicenseRow[]> {
  return statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses ${NEWEST_FIRST}`)
    .all<StoredLicense>()
    .map((row) => withStatus(row, now));
}

export async function findLicenseById(db: Database, id: number, now: string): Promise<LicenseRow | undefined> {
  return byId(db, id, now);
}

/** By the key, found through its hash (the indexed column); `keySha256` is hashLicenseKey(licenseKey). */
export async function findLicenseByKey(db: Database, licenseKey: string, keySha256: string, now: string): Promise<LicenseRow | undefined> {
  const row = statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE key_sha256 = unhex(?) AND license_key = ?`).get<StoredLicense>(
    keySha256,
    licenseKey,
  );
  return row && withStatus(row, now);
}

/**
 * Counts through indexes, so the cost follows the licences not yet expired, not the whole table:
 * the total from the table's b-tree; the stored statuses by hopping through the (status, expiry)
 * index (a skip scan: one seek per distinct word), and for each the licences whose expiry is
 * still ahead. Every group is classified by licenseStatus, as the list is.
 */
export async function licenseStats(db: Database, now: string): Promise<LicenseStats> {
  const count = (sql: string): number => statement(db, sql).get<{ n: number }>()?.n ?? 0;
  const total = count(COUNT_ALL);
  const current = statement(
    db,
    `WITH RECURSIVE stored (status) AS (
       SELECT min(status) FROM licenses
       UNION ALL
       SELECT (SELECT min(status) FROM licenses WHERE status > stored.status) FROM stored WHERE stored.status IS NOT NULL)
     SELECT status, (SELECT count(*) FROM licenses WHERE licenses.status = stored.status AND expired_date > ?) AS n
     FROM stored WHERE status IS NOT NULL`,
  ).all<{ status: string; n: number }>(now);
  const counts: Record<LicenseStatus, number> = { active: 0, expired: 0, other: 0 };
  let passed = total;
  for (const group of current) {
    counts[licenseStatus(group.status, false)] += group.n;
    passed -= group.n;
  }
  // Past the expiry the stored word does not matter to the rule, so these need no grouping.
  counts[licenseStatus('', true)] += passed;
  return {
    total_licenses: total,
    active_licenses: counts.active,
    expired_licenses: counts.expired,
    activated_licenses: count('SELECT count(*) AS n FROM licenses WHERE device_id IS NOT NULL'),
  };
}

/** Keys are normalised before hashing: the hash is taken exactly when the key is. */
function keyTaken(db: Database, key: NewLicense): boolean {
  return statement(db, 'SELECT 1 AS taken FROM licenses WHERE key_sha256 = unhex(?)').get(key.key_sha256) !== undefined;
}

/**
 * Inserts a new active licence with its `issued` event in one transaction. `next` makes a fresh
 * candidate (new random key) each call; a key already in use is never sent to SQLite (a refused
 * INSERT would sit in the journal and break its replay), so a collision simply draws again.
 */
export async function createLicense(
  db: Database,
  next: () => NewLicense,
  at: string,
  maxAttempts = 5,
): Promise<LicenseRow | undefined> {
  const created = await db.transaction(() => {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const candidate = next();
      if (keyTaken(db, candidate)) continue;
      const id = insertRows(db, [candidate], at)[0]!;
      recordLicenseEvent(db, issuedEvent(id, candidate, at));
      return byId(db, id, at);
    }
    return undefined;
  });
  const index = licenseSearchIndex(db);
  if (created && index.current) index.put(licenseSearchEntry(created));
  return created;
}

/** Many licences with their `issued` events in one transaction (seeding, imports). Returns the ids. */
export async function importLicenses(db: Database, rows: readonly NewLicense[], at: string): Promise<number[]> {
  const ids = await db.transaction(() => {
    const inserted = insertRows(db, rows, at);
    inserted.forEach((id, index) => recordLicenseEvent(db, issuedEvent(id, rows[index]!, at)));
    return inserted;
  });
  licenseSearchIndex(db).invalidate();
  return ids;
}

function issuedEvent(id: number, row: NewLicense, at: string): Parameters<typeof recordLicenseEvent>[1] {
  return {
    license_id: id,
    type: 'issued',
    actor: 'admin',
    device_id: null,
    at,
    data: { app_type: row.app_type, email: row.email, expired_date: row.expired_date },
  };
}

function insertRows(db: Database, rows: readonly NewLicense[], at: string): number[] {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += MULTI_ROW_CHUNK) {
    const chunk = rows.slice(start, start + MULTI_ROW_CHUNK);
    const values = chunk.map(() => '(?, unhex(?), ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const { lastInsertRowid } = statement(
      db,
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, device_id, device_name,
         device_activated_at, created_at, updated_at) VALUES ${values}`,
    ).run(
      ...chunk.flatMap((row) => [
        row.license_key,
        row.key_sha256,
        row.email,
        row.app_type,
        row.status ?? 'active',
        row.expired_date,
        row.device_id ?? null,
        row.device_name ?? null,
        row.device_id ? (row.device_activated_at ?? at) : null,
        row.created_at ?? at,
        at,
      ]),
    );
    for (let index = chunk.length - 1; index >= 0; index--) ids.push(lastInsertRowid - index);
  }
  return ids;
}

/**
 * Sets a new expiry computed from the current one (`compute` runs inside the transaction, so two
 * concurrent extensions both count) and records `expiry_changed`. Undefined when the id is unknown.
 */
export async function changeLicenseExpiry(
  db: Database,
  id: number,
  compute: (current: LicenseRow) => string,
  at: string,
  data: Record<string, unknown>,
): Promise<ExpiryChange | undefined> {
  return db.transaction(() => {
    const current = byId(db, id, at);
    if (!current) return undefined;
    const next = compute(current);
    statement(db, 'UPDATE licenses SET expired_date = ?, updated_at = ? WHERE id = ?').run(next, at, id);
    recordLicenseEvent(db, {
      license_id: id,
      type: 'expiry_changed',
      actor: 'admin',
      device_id: null,
      at,
      data: { old: current.expired_date, new: next, ...data },
    });
    return { license: byId(db, id, at)!, old: current.expired_date, new: next };
  });
}

/** Deletes a licence and records `deleted` with what it was; the audit trail stays. */
export async function deleteLicense(db: Database, id: number, at: string): Promise<LicenseRow | undefined> {
  const deleted = await db.transaction(() => {
    const current = byId(db, id, at);
    if (!current) return undefined;
    statement(db, 'DELETE FROM licenses WHERE id = ?').run(id);
    recordLicenseEvent(db, {
      license_id: id,
      type: 'deleted',
      actor: 'admin',
      device_id: current.device_id,
      at,
      data: {
        license_key: current.license_key,
        email: current.email,
        app_type: current.app_type,
        expired_date: current.expired_date,
      },
    });
    return current;
  });
  const index = licenseSearchIndex(db);
  if (deleted && index.current) index.drop(deleted.id);
  return deleted;
}
