import type { Database } from './database';
import { ENTRY_SEPARATOR, indexFor } from './text-index';
import type { IndexEntry, TextIndex } from './text-index';

const FIELD_SEPARATOR = '\u0000';
const indexes = new WeakMap<Database, TextIndex>();

/** The admin's licence search: case-insensitive "contains" over the key and the e-mail. */
export function normalizeLicenseSearch(search: string): string {
  return search.replaceAll(FIELD_SEPARATOR, '').replaceAll(ENTRY_SEPARATOR, '').trim().toLowerCase();
}

export function licenseSearchEntry(row: { id: number; created_at: string; license_key: string; email: string }): IndexEntry {
  return { id: row.id, createdAt: row.created_at, haystack: `${row.license_key}${FIELD_SEPARATOR}${row.email}`.toLowerCase() };
}

/** Key and e-mail never change after creation: writers only add (create, import) and drop (delete). */
export function licenseSearchIndex(db: Database): TextIndex {
  return indexFor(indexes, db, (database) =>
    database
      .prepare('SELECT id, created_at, license_key, email FROM licenses')
      .all<{ id: number; created_at: string; license_key: string; email: string }>()
      .map(licenseSearchEntry),
  );
}
