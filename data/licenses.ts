import type { BindValue, Database, Statement } from './database';
import { recordLicenseEvent } from './license-events';

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
 * The one rule for the status shown to the admin, in the list and in the stats: a passed expiry
 * is `expired` whatever was stored; otherwise the stored `active` or `expired`, and `other` for
 * any other stored word (suspended...).
 */
export function licenseStatus(stored: string, expiryPassed: boolean): LicenseStatus {
  if (expiryPassed) return 'expired';
  return stored === 'active' || stored === 'expired' ? stored : 'other';
}

type StoredLicense = Omit<LicenseRow, 'status'> & { status: string };

/** ISO strings of one fixed format (toISOString) compare in time order. */
function withStatus(row: StoredLicense, now: string): LicenseRow {
  return { ...row, status: licenseStatus(row.status, row.expired_date <= now) };
}

const COLUMNS = `id, license_key, email, app_type, status, expired_date, device_name, device_id,
  device_activated_at, last_seen_at, app_version, created_at, updated_at`;
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
const MULTI_ROW_CHUNK = 200;
const COUNT_ALL = 'SELECT count(*) AS n FROM licenses';
/** Up to this many matches, sorting them always beats walking the created-at index. */
const NARROW_SEARCH = 1000;
/** Measured: sorting one match costs about as much as testing 4 rows while walking the index. */
const SORT_COST_PER_MATCH = 4;

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
  const row = statement(db, `SELECT ${COLUMNS} FROM licenses WHERE id = ?`).get<StoredLicense>(id);
  return row && withStatus(row, now);
}

/** The whole list, newest first. */
export async function listLicenses(db: Database, now: string): Promise<LicenseRow[]> {
  return statement(db, `SELECT ${COLUMNS} FROM licenses ${NEWEST_FIRST}`)
    .all<StoredLicense>()
    .map((row) => withStatus(row, now));
}

type SearchFilter = { where: string; params: BindValue[]; countSql: string; countParams: BindValue[] };

const EMAIL_MATCH = `email LIKE ? ESCAPE '\\'`;

/**
 * Search matches the start of the e-mail (case-insensitive, through the NOCASE e-mail index) or
 * the start of the licence key (through the key's unique index: UUIDs are stored in lower case,
 * LoopStream keys in upper case, so both spellings are tried). A substring scan costs ~45 ms at
 * 100,000 licences in sql.js; a prefix through an index stays well under 1 ms.
 * The count adds up disjoint branches, each inside one covering index: an OR over several
 * indexes would first collect and de-duplicate every matching rowid (~1 us each), and checking
 * the other column in the table costs a row read per match.
 */
function searchFilter(search: string): SearchFilter {
  if (search === '') return { where: '', params: [], countSql: COUNT_ALL, countParams: [] };
  const like = `${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const glob = (text: string): string => `${text.replace(/[*?[\]]/g, (char) => `[${char}]`)}*`;
  const lower = glob(search.toLowerCase());
  const upper = glob(search.toUpperCase());
  const keyBranch = '(SELECT count(*) FROM licenses WHERE license_key GLOB ?)';
  // Different spellings differ in a letter, so no key matches both; the same spelling counts once.
  const twoSpellings = lower !== upper;
  return {
    where: `WHERE ${EMAIL_MATCH} OR license_key GLOB ? OR license_key GLOB ?`,
    params: [like, lower, upper],
    countSql: `SELECT (SELECT count(*) FROM licenses WHERE ${EMAIL_MATCH} AND NOT (license_key GLOB ? OR license_key GLOB ?))
      + ${keyBranch}${twoSpellings ? ` + ${keyBranch}` : ''} AS n`,
    countParams: twoSpellings ? [like, lower, upper, lower, upper] : [like, lower, upper, lower],
  };
}

/**
 * One page of licences, newest first, with the total of matches. The page's ids are found either
 * by walking the created-at index from the nearer end (no search, or a broad one: the page is
 * reached after few rows) or through the search indexes and a sort of the matches (a narrow
 * search), whichever steps over fewer rows; then only the page's rows are read.
 */
export async function findLicensePage(db: Database, query: LicensePageQuery): Promise<LicensePage> {
  const { where, params, countSql, countParams } = searchFilter(query.search);
  const count = (sql: string, values: BindValue[]): number => statement(db, sql).get<{ n: number }>(...values)?.n ?? 0;
  const total = count(countSql, countParams);
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const offset = (query.page - 1) * query.perPage;
  if (offset >= total) return { licenses: [], total, pages };
  const limit = Math.min(query.perPage, total - offset);
  const offsetFromEnd = total - offset - limit;
  const backwards = offsetFromEnd < offset;
  let walk = where === '';
  if (!walk && total > NARROW_SEARCH) {
    // An estimate is enough to choose: the highest id costs one seek where count(*) reads every page.
    const all = count('SELECT max(id) AS n FROM licenses', []);
    const stepsWalking = ((Math.min(offset, offsetFromEnd) + limit) * all) / total;
    walk = stepsWalking < total * SORT_COST_PER_MATCH;
  }
  const ids = walk
    ? `SELECT id FROM licenses INDEXED BY licenses_created ${where}
       ORDER BY created_at ${backwards ? 'ASC' : 'DESC'}, id ${backwards ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`
    : `SELECT id FROM licenses ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`;
  const skip = walk && backwards ? offsetFromEnd : offset;
  const licenses = statement(db, `SELECT ${COLUMNS} FROM licenses WHERE id IN (${ids}) ${NEWEST_FIRST}`)
    .all<StoredLicense>(...params, limit, skip)
    .map((row) => withStatus(row, query.now));
  return { licenses, total, pages };
}

export async function findLicenseById(db: Database, id: number, now: string): Promise<LicenseRow | undefined> {
  return byId(db, id, now);
}

export async function findLicenseByKey(db: Database, licenseKey: string, now: string): Promise<LicenseRow | undefined> {
  const row = statement(db, `SELECT ${COLUMNS} FROM licenses WHERE license_key = ?`).get<StoredLicense>(licenseKey);
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
    ).run(...chunk.flatMap((row) => [row.license_key, row.key_sha256, row.email, row.app_type, row.expired_date, row.created_at ?? at, at]));
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
