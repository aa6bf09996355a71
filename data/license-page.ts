import type { BindValue, Database } from './database';
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

/** Up to this many matches, sorting them always beats walking the created-at index. */
const NARROW_SEARCH = 1000;
/** Measured: sorting one match costs about as much as testing 4 rows while walking the index. */
const SORT_COST_PER_MATCH = 4;

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
  const licenses = statement(db, `SELECT ${LICENSE_COLUMNS} FROM licenses WHERE id IN (${ids}) ${NEWEST_FIRST}`)
    .all<StoredLicense>(...params, limit, skip)
    .map((row) => withStatus(row, query.now));
  return { licenses, total, pages };
}
