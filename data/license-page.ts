import { licenseSearchIndex } from './license-search';
import { COUNT_ALL, LICENSE_COLUMNS, NEWEST_FIRST, withStatus } from './licenses';
import type { LicenseRow, StoredLicense } from './licenses';
import type { Sql, Store } from './store';
import { normalizeSearch } from './text-index';

export type LicensePageQuery = {
  /** Already trimmed; '' matches everything. */
  search: string;
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

const pagesOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/**
 * One page of licences, newest first, with the total of matches. A search is a case-insensitive
 * "contains" over key and e-mail: through the in-memory index with the embedded store, in SQL
 * otherwise. Without one, the page is reached by walking the created-at index from the nearer
 * end. Only the page's rows are read from the table.
 */
export async function findLicensePage(db: Store, query: LicensePageQuery): Promise<LicensePage> {
  const needle = normalizeSearch(query.search);
  if (needle !== '') {
    const index = await licenseSearchIndex(db).index();
    return index ? pageOfIds(db, index.search(needle), query) : searchedInSql(db, needle, query);
  }
  const total = (await db.get<{ n: number }>(COUNT_ALL))?.n ?? 0;
  const pages = pagesOf(total, query.perPage);
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
  if (ids.length === 0) return { licenses: [], total, pages: pagesOf(total, query.perPage) };
  const rows = await db.all<StoredLicense>(`SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  const byId = new Map(rows.map((row) => [row.id, withStatus(row, query.now)]));
  return { licenses: ids.flatMap((id) => byId.get(id) ?? []), total, pages: pagesOf(total, query.perPage) };
}

async function searchedInSql(db: Sql, needle: string, query: LicensePageQuery): Promise<LicensePage> {
  const pattern = likePattern(needle);
  const where = "WHERE lower(license_key) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\'";
  const total = (await db.get<{ n: number }>(`SELECT count(*) AS n FROM licenses ${where}`, [pattern, pattern]))?.n ?? 0;
  const rows = await db.all<StoredLicense>(`SELECT ${LICENSE_COLUMNS} FROM licenses ${where} ${NEWEST_FIRST} LIMIT ? OFFSET ?`, [
    pattern,
    pattern,
    query.perPage,
    (query.page - 1) * query.perPage,
  ]);
  return { licenses: rows.map((row) => withStatus(row, query.now)), total, pages: pagesOf(total, query.perPage) };
}
