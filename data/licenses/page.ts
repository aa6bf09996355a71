import { licenseSearchIndex } from './search';
import { expiryAheadSql, expiryPassedSql } from './status';
import { COUNT_ALL, LICENSE_COLUMNS, NEWEST_FIRST, withStatus } from './licenses';
import type { LicenseRow, StoredLicense } from './licenses';
import type { Sql, Store } from '../store';
import { LICENSE_EXPIRING_DAYS } from '../../contract/rules/vocabulary';
import type { LICENSE_FILTERS, Word } from '../../contract/rules/vocabulary';
import { pageCount } from '../../contract/rules/paging';
import { normalizeSearch } from '../../contract/rules/search';
import { DAY_MS } from '../../contract/rules/durations';

/** The admin's status filter: `expiring` is active with the expiry within LICENSE_EXPIRING_DAYS. */
export type LicenseFilter = Word<typeof LICENSE_FILTERS>;

export type LicensePageQuery = {
  /** Already trimmed; '' matches everything. */
  search: string;
  /** Only licences with this status (adminLicenseStatus's rule); undefined for all. */
  status?: LicenseFilter;
  page: number;
  perPage: number;
  /** ISO time that decides which licences count as expired. */
  now: string;
};

export type LicensePage = { licenses: LicenseRow[]; total: number; pages: number };

/** `%`, `_` and the escape itself match literally: the search is plain text. */
export function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The filter as SQL on the stored word and the expiry, the rule of status.ts: expired once
 * the expiry has passed (whatever the word), active while the word is `active` and it has not.
 */
export function statusCondition(status: LicenseFilter, now: string): { sql: string; params: string[] } {
  if (status === 'expired') return { sql: expiryPassedSql(), params: [now] };
  if (status === 'active') return { sql: `status = 'active' AND ${expiryAheadSql()}`, params: [now] };
  const soon = new Date(Date.parse(now) + LICENSE_EXPIRING_DAYS * DAY_MS).toISOString();
  return { sql: `status = 'active' AND ${expiryAheadSql()} AND expired_date <= ?`, params: [now, soon] };
}

/**
 * One page of licences, newest first, with the total of matches. A search is a case-insensitive
 * "contains" over key and e-mail: through the in-memory index with the embedded store, in SQL
 * otherwise. Without one, the page is reached by walking the created-at index from the nearer
 * end. Only the page's rows are read from the table.
 */
export async function findLicensePage(db: Store, query: LicensePageQuery): Promise<LicensePage> {
  const needle = normalizeSearch(query.search);
  if (query.status) return filteredInSql(db, needle, query.status, query);
  if (needle !== '') {
    const index = await licenseSearchIndex(db).index();
    return index ? pageOfIds(db, index.search(needle), query) : searchedInSql(db, needle, query);
  }
  const total = (await db.get<{ n: number }>(COUNT_ALL))?.n ?? 0;
  const pages = pageCount(total, query.perPage);
  const offset = (query.page - 1) * query.perPage;
  if (offset >= total) return { licenses: [], total, pages };
  const limit = Math.min(query.perPage, total - offset);
  const offsetFromEnd = total - offset - limit;
  const backwards = offsetFromEnd < offset;
  const order = backwards ? 'ASC' : 'DESC';
  const ids = `SELECT id FROM licenses ORDER BY created_at ${order}, id ${order} LIMIT ? OFFSET ?`;
  const licenses = (
    await db.all<StoredLicense>(`SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids}) ${NEWEST_FIRST}`, [
      limit,
      backwards ? offsetFromEnd : offset,
    ])
  ).map((row) => withStatus(row, query.now));
  return { licenses, total, pages };
}

async function pageOfIds(db: Sql, matches: number[], query: LicensePageQuery): Promise<LicensePage> {
  const total = matches.length;
  const ids = matches.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  if (ids.length === 0) return { licenses: [], total, pages: pageCount(total, query.perPage) };
  const rows = await db.all<StoredLicense>(
    `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const byId = new Map(rows.map((row) => [row.id, withStatus(row, query.now)]));
  return { licenses: ids.flatMap((id) => byId.get(id) ?? []), total, pages: pageCount(total, query.perPage) };
}

const SEARCHED = "lower(license_key) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\'";

async function searchedInSql(db: Sql, needle: string, query: LicensePageQuery): Promise<LicensePage> {
  const pattern = likePattern(needle);
  return pageWhere(db, `WHERE ${SEARCHED}`, [pattern, pattern], query);
}

/** A status filter, with or without a search: the (status, expiry) index narrows, SQL does the rest on both engines. */
async function filteredInSql(
  db: Sql,
  needle: string,
  status: LicenseFilter,
  query: LicensePageQuery,
): Promise<LicensePage> {
  const condition = statusCondition(status, query.now);
  if (needle === '') return pageWhere(db, `WHERE ${condition.sql}`, condition.params, query);
  const pattern = likePattern(needle);
  return pageWhere(db, `WHERE (${condition.sql}) AND (${SEARCHED})`, [...condition.params, pattern, pattern], query);
}

async function pageWhere(db: Sql, where: string, params: string[], query: LicensePageQuery): Promise<LicensePage> {
  const total = (await db.get<{ n: number }>(`SELECT count(*) AS n FROM licenses ${where}`, params))?.n ?? 0;
  const rows = await db.all<StoredLicense>(
    `SELECT ${LICENSE_COLUMNS} FROM licenses ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  return { licenses: rows.map((row) => withStatus(row, query.now)), total, pages: pageCount(total, query.perPage) };
}
