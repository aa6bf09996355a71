import type { AppType, LicenseStatus } from '../../contract/calls/licenses';
import { hexToBytes } from './key-bytes';
import { recordLicenseEventIn } from './events';
import type { LicenseEvent } from './events';
import { licenseSearchIndex } from './search';
import { adminLicenseStatus } from './status';
import { isExpiryPassed } from '../../contract/rules/durations';
import type { Sql, Store, Transaction } from '../store';
import type { WithinChange } from '../activity/activity-log';

/** A licence as the admin sees it: `status` is derived (adminLicenseStatus), never the stored word. */
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
  /** SHA-256 hex of the normalised key. */
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

/** Who issued a licence (the admin, or an order) and what its `issued` event records beside the licence. */
export type Issued = Pick<LicenseEvent, 'actor'> & { data?: Record<string, unknown> };

/** A row as stored: `status` is the stored word, before adminLicenseStatus. */
export type StoredLicense = Omit<LicenseRow, 'status'> & { status: string };

/** The rule of status.ts, an unreadable expiry counting as passed (isExpiryPassed). */
export function withStatus(row: StoredLicense, now: string): LicenseRow {
  return { ...row, status: adminLicenseStatus(row.status, isExpiryPassed(row.expired_date, new Date(now))) };
}

export const LICENSE_COLUMNS = `id, license_key, email, app_type, status, expired_date, device_name, device_id,
  device_activated_at, last_seen_at, app_version, created_at, updated_at`;
export const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
export const COUNT_ALL = 'SELECT count(*) AS n FROM licenses';
const MULTI_ROW_CHUNK = 200;

async function byId(db: Sql, id: number, now: string): Promise<LicenseRow | undefined> {
  const row = await db.get<StoredLicense>(`SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id = ?`, [id]);
  return row && withStatus(row, now);
}

/** The whole list, newest first. */
export async function listLicenses(db: Sql, now: string): Promise<LicenseRow[]> {
  return (await db.all<StoredLicense>(`SELECT ${LICENSE_COLUMNS} FROM licenses ${NEWEST_FIRST}`)).map((row) =>
    withStatus(row, now),
  );
}

export async function findLicenseById(db: Sql, id: number, now: string): Promise<LicenseRow | undefined> {
  return byId(db, id, now);
}

/** By the key, found through its hash (the indexed column); `keySha256` is hashLicenseKey(licenseKey). */
export async function findLicenseByKey(
  db: Sql,
  licenseKey: string,
  keySha256: string,
  now: string,
): Promise<LicenseRow | undefined> {
  const row = await db.get<StoredLicense>(
    `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE key_sha256 = ? AND license_key = ?`,
    [hexToBytes(keySha256), licenseKey],
  );
  return row && withStatus(row, now);
}

/** Keys are normalised before hashing: the hash is taken exactly when the key is. */
async function keyTaken(db: Sql, key: NewLicense): Promise<boolean> {
  return (
    (await db.get('SELECT 1 AS taken FROM licenses WHERE key_sha256 = ?', [hexToBytes(key.key_sha256)])) !== undefined
  );
}

/**
 * Inserts a new active licence with its `issued` event in one transaction. `next` makes a fresh
 * candidate (new random key) each call; a key already in use is never sent to the database (a
 * refused INSERT would sit in the journal and break its replay), so a collision simply draws again.
 * `issued` records who issued it (the admin, or an order).
 */
export async function createLicense(
  db: Store,
  next: () => NewLicense,
  at: string,
  maxAttempts = 5,
  issued: Issued = { actor: 'admin' },
  within?: WithinChange<LicenseRow>,
): Promise<LicenseRow | undefined> {
  const created = await db.transaction(async (tx) => {
    const row = await insertLicenseIn(tx, next, at, maxAttempts, issued);
    if (row) await within?.(tx, row);
    return row;
  });
  if (created) await licenseSearchIndex(db).added(created);
  return created;
}

/**
 * createLicense's work inside a transaction the caller holds (an order writes its licence in the
 * order's transaction); after the commit the caller adds the licence to licenseSearchIndex.
 */
export async function insertLicenseIn(
  tx: Transaction,
  next: () => NewLicense,
  at: string,
  maxAttempts: number,
  issued: Issued,
): Promise<LicenseRow | undefined> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const candidate = next();
    if (await keyTaken(tx, candidate)) continue;
    const id = (await insertRowsIn(tx, [candidate], at))[0]!;
    await recordLicenseEventIn(tx, issuedEvent(id, candidate, at, issued));
    return byId(tx, id, at);
  }
  return undefined;
}

/** Many licences with their `issued` events in one transaction (seeding, imports). Returns the ids. */
export async function importLicenses(db: Store, rows: readonly NewLicense[], at: string): Promise<number[]> {
  const ids = await db.transaction(async (tx) => {
    const inserted = await insertRowsIn(tx, rows, at);
    for (const [index, id] of inserted.entries())
      await recordLicenseEventIn(tx, issuedEvent(id, rows[index]!, at, { actor: 'admin' }));
    return inserted;
  });
  await licenseSearchIndex(db).rebuildLater();
  return ids;
}

function issuedEvent(id: number, row: NewLicense, at: string, issued: Issued): LicenseEvent {
  return {
    license_id: id,
    type: 'issued',
    actor: issued.actor,
    device_id: null,
    at,
    data: { app_type: row.app_type, email: row.email, expired_date: row.expired_date, ...issued.data },
  };
}

async function insertRowsIn(tx: Transaction, rows: readonly NewLicense[], at: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += MULTI_ROW_CHUNK) {
    const chunk = rows.slice(start, start + MULTI_ROW_CHUNK);
    const values = chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    const inserted = await tx.all<{ id: number }>(
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, device_id, device_name,
         device_activated_at, created_at, updated_at) VALUES ${values} RETURNING id`,
      chunk.flatMap((row) => [
        row.license_key,
        hexToBytes(row.key_sha256),
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
    // Ids grow with insertion order in both engines; RETURNING's row order is not promised.
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** Deletes a licence and records `deleted` with what it was; the audit trail stays. */
export async function deleteLicense(
  db: Store,
  id: number,
  at: string,
  within?: WithinChange<LicenseRow>,
): Promise<LicenseRow | undefined> {
  const deleted = await db.transaction(async (tx) => {
    const current = await byId(tx, id, at);
    if (!current) return undefined;
    await tx.run('DELETE FROM licenses WHERE id = ?', [id]);
    await recordLicenseEventIn(tx, {
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
    await within?.(tx, current);
    return current;
  });
  if (deleted) await licenseSearchIndex(db).removed(deleted.id);
  return deleted;
}
