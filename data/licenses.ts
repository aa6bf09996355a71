import type { BindValue, Database, Statement } from './database';
import { recordLicenseEvent } from './license-events';

export type AppType = 'loopbot' | 'loopstream';
export type LicenseStatus = 'active' | 'expired' | 'other';

/** A licence as the admin sees it: `status` is derived (see STATUS_SQL), never the stored word. */
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
};

export type LicenseStats = {
  total_licenses: number;
  active_licenses: number;
  expired_licenses: number;
  activated_licenses: number;
};

export type LicensePageQuery = {
  /** Already trimmed; '' matches everything. */
  search: string;
  page: number;
  perPage: number;
  /** ISO time that decides which licences count as expired. */
  now: string;
};

export type LicensePage = { licenses: LicenseRow[]; total: number; pages: number };

export type ExpiryChange = { license: LicenseRow; old: string; new: string };

/**
 * The one rule for the status shown to the admin and counted in the stats: a passed expiry is
 * `expired` whatever was stored; otherwise the stored `active`/`expired`, and `other` for anything
 * else (suspended...). Binds one parameter: the current ISO time. ISO strings of one fixed format
 * (toISOString) compare in time order.
 */
const STATUS_SQL = `CASE WHEN expired_date <= ? THEN 'expired' WHEN status IN ('active', 'expired') THEN status ELSE 'other' END`;

const COLUMNS = `id, license_key, email, app_type, ${STATUS_SQL} AS status, expired_date, device_name, device_id,
  device_activated_at, last_seen_at, app_version, created_at, updated_at`;
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
const MULTI_ROW_CHUNK = 200;

// The list and stats run on every admin screen refresh: compile each statement once per database.
const cache = new WeakMap<Database, Map<string, Statement>>();
function statement(db: Database, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

function byId(db: Database, id: number, now: string): LicenseRow | undefined {
  return statement(db, `SELECT ${COLUMNS} FROM licenses WHERE id = ?`).get<LicenseRow>(now, id);
}

/** The whole list, newest first. */
export async function listLicenses(db: Database, now: string): Promise<LicenseRow[]> {
  return statement(db, `SELECT ${COLUMNS} FROM licenses ${NEWEST_FIRST}`).all<LicenseRow>(now);
}

/**
 * Search matches the start of the e-mail (case-insensitive, through the NOCASE e-mail index) or
 * the start of the licence key (either case, through the key's unique index). A substring scan
 * costs ~45 ms at 100,000 licences in sql.js; a prefix through an index stays well under 1 ms.
 */
function searchFilter(search: string): { where: string; params: BindValue[] } {
  if (search === '') return { where: '', params: [] };
  const like = `${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const glob = (text: string): string => `${text.replace(/[*?[\]]/g, (char) => `[${char}]`)}*`;
  return {
    where: `WHERE email LIKE ? ESCAPE '\\' OR license_key GLOB ? OR license_key GLOB ?`,
    params: [like, glob(search.toLowerCase()), glob(search.toUpperCase())],
  };
}

/** One page of licences, newest first, with the total of matches. */
export async function findLicensePage(db: Database, query: LicensePageQuery): Promise<LicensePage> {
  const { where, params } = searchFilter(query.search);
  const total = statement(db, `SELECT count(*) AS total FROM licenses ${where}`).get<{ total: number }>(...params)?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const offset = (query.page - 1) * query.perPage;
  if (offset >= total) return { licenses: [], total, pages };
  // Page the narrow created-at index first, then read only the rows of the page.
  const licenses = statement(
    db,
    `SELECT ${COLUMNS} FROM licenses WHERE id IN (SELECT id FROM licenses ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?) ${NEWEST_FIRST}`,
  ).all<LicenseRow>(query.now, ...params, query.perPage, offset);
  return { licenses, total, pages };
}

export async function findLicenseById(db: Database, id: number, now: string): Promise<LicenseRow | undefined> {
  return byId(db, id, now);
}

export async function findLicenseByKey(db: Database, licenseKey: string, now: string): Promise<LicenseRow | undefined> {
  return statement(db, `SELECT ${COLUMNS} FROM licenses WHERE license_key = ?`).get<LicenseRow>(now, licenseKey);
}

export async function licenseStats(db: Database, now: string): Promise<LicenseStats> {
  const row = statement(
    db,
    `SELECT count(*) AS total_licenses,
       coalesce(sum(status = 'active'), 0) AS active_licenses,
       coalesce(sum(status = 'expired'), 0) AS expired_licenses,
       count(device_id) AS activated_licenses
     FROM (SELECT ${STATUS_SQL} AS status, device_id FROM licenses)`,
  ).get<LicenseStats>(now);
  return row ?? { total_licenses: 0, active_licenses: 0, expired_licenses: 0, activated_licenses: 0 };
}

function keyTaken(db: Database, key: NewLicense): boolean {
  return (
    statement(db, 'SELECT 1 AS taken FROM licenses WHERE license_key = ? OR key_sha256 = ?').get(key.license_key, key.key_sha256) !==
    undefined
  );
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
  return db.transaction(() => {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const candidate = next();
      if (keyTaken(db, candidate)) continue;
      const id = insertRows(db, [candidate], at)[0]!;
      recordLicenseEvent(db, issuedEvent(id, candidate, at));
      return byId(db, id, at);
    }
    return undefined;
  });
}

/** Many licences with their `issued` events in one transaction (seeding, imports). Returns the ids. */
export async function importLicenses(db: Database, rows: readonly NewLicense[], at: string): Promise<number[]> {
  return db.transaction(() => {
    const ids = insertRows(db, rows, at);
    ids.forEach((id, index) => recordLicenseEvent(db, issuedEvent(id, rows[index]!, at)));
    return ids;
  });
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
    const values = chunk.map(() => "(?, ?, ?, ?, 'active', ?, ?, ?)").join(', ');
    const { lastInsertRowid } = statement(
      db,
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, created_at, updated_at) VALUES ${values}`,
    ).run(...chunk.flatMap((row) => [row.license_key, row.key_sha256, row.email, row.app_type, row.expired_date, at, at]));
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
  return db.transaction(() => {
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
}
