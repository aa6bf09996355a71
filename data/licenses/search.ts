import { FIELD_SEPARATOR, TextIndex } from '../text-index';
import type { IndexEntry } from '../text-index';
import type { Store } from '../store';

export const LICENSES_TOPIC = 'licenses';

type SearchRow = { id: number; created_at: string; license_key: string; email: string };

function entryOf(row: SearchRow): IndexEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    haystack: `${row.license_key}${FIELD_SEPARATOR}${row.email}`.toLowerCase(),
  };
}

/**
 * The admin's licence search over key and e-mail. With the embedded store the whole table is in
 * memory anyway and an in-memory index beats a scan; with PostgreSQL the search is SQL (see
 * page.ts), so an instance's memory does not grow with the licences.
 */
export type LicenseSearch = {
  /** The index, or undefined where the search runs in SQL. */
  index: () => Promise<TextIndex | undefined>;
  added: (row: SearchRow) => Promise<void>;
  removed: (id: number) => Promise<void>;
  /** After a bulk write: reload on next use. */
  rebuildLater: () => Promise<void>;
};

const searches = new WeakMap<Store, LicenseSearch>();

function inMemorySearch(db: Store): LicenseSearch {
  // Key and e-mail never change after creation: writers only add (create, import) and drop (delete).
  const index = new TextIndex(
    async () => (await db.all<SearchRow>('SELECT id, created_at, license_key, email FROM licenses')).map(entryOf),
    db.changes,
    LICENSES_TOPIC,
  );
  return {
    index: () => index.fresh(),
    added: async (row) => index.put(entryOf(row)),
    removed: async (id) => index.drop(id),
    rebuildLater: async () => index.invalidate(),
  };
}

const IN_SQL: LicenseSearch = {
  index: async () => undefined,
  added: async () => undefined,
  removed: async () => undefined,
  rebuildLater: async () => undefined,
};

export function licenseSearchIndex(db: Store): LicenseSearch {
  let search = searches.get(db);
  if (!search) searches.set(db, (search = db.inMemory ? inMemorySearch(db) : IN_SQL));
  return search;
}
