import type { Database } from './database';
import { licenseSearchIndex, normalizeLicenseSearch } from './license-search';
import { COUNT_ALL, LICENSE_COLUMNS, NEWEST_FIRST, withStatus } from './licenses';
import type { LicenseRow, StoredLicense } from './licenses';
import { cachedStatement as statement } from './statement-cache';

export type LicensePageQuery = {
  /** Already trimmed; '' matches everything. */
  search: string;
  page: number;
  perPage: number;
  /** ISO time that decides which licences count as expired. */
  now: string;
};

export type LicensePage = { licenses: LicenseRow[]; total: number; pages: number };

/**
 * One page of licences, newest first, with the total of matches. A search is a case-insensitive
 * "contains" over key and e-mail through the in-memory text index (a LIKE '%x%' scan costs ~45 ms
 * at 100,000 licences in sql.js); without one, the page is reached by walking the created-at
 * index from the nearer end. Only the page's rows are read from the table.
 */
export async function findLicensePage(db: Database, query: LicensePageQuery): Promise<LicensePage> {
  const needle = normalizeLicenseSearch(query.search);
  if (needle !== '') return searchedPage(db, needle, query);
  const total = statement(db, COUNT_ALL).get<{ n: number }>()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const offset = (query.page - 1) * query.perPage;
  if (offset >= total) return { licenses: [], total, pages };
  const limit = Math.min(query.perPage, total - offset);
  const offsetFromEnd = total - offset - limit;
  const backwards = offsetFromEnd < offset;
  const ids = `SELECT id FROM licenses INDEXED BY licenses_created
    ORDER BY created_at ${backwards ? 'ASC' : 'DESC'}, id ${backwards ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`;
  const licenses = statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids}) ${NEWEST_FIRST}`)
    .all<StoredLicense>(limit, backwards ? offsetFromEnd : offset)
    .map((row) => withStatus(row, query.now));
  return { licenses, total, pages };
}

function searchedPage(db: Database, needle: string, query: LicensePageQuery): LicensePage {
  const matches = licenseSearchIndex(db).fresh().search(needle);
  const total = matches.length;
  const pages = Math.max(1, Math.ceil(total / query.perPage));
  const ids = matches.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  if (ids.length === 0) return { licenses: [], total, pages };
  const byId = new Map(
    statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids.map(() => '?').join(', ')})`)
      .all<StoredLicense>(...ids)
      .map((row) => [row.id, withStatus(row, query.now)]),
  );
  return { licenses: ids.flatMap((id) => byId.get(id) ?? []), total, pages };
}
