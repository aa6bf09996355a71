import type { Database } from './database';

/** One searchable row: its id, its place in the list (newest first) and its lower-cased text. */
export type IndexEntry = { id: number; createdAt: string; haystack: string };

/** Between entries in the joined text; callers strip it from search texts so no match spans two rows. */
export const ENTRY_SEPARATOR = '\u0001';

/** Newest first: created_at descending, then id descending. */
function isBefore(a: IndexEntry, b: IndexEntry): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

/**
 * An in-memory "contains" index over a table's searchable text, in list order. SQL
 * `LIKE '%x%'` scans every row in sql.js (~13 ms over 10k prompts, ~45 ms over 100k licences).
 * Here all texts are joined into one string searched with indexOf, which sets up its string
 * search once per match instead of once per row (a search that matches nothing is one pass), and
 * a page then costs one primary-key lookup. Writers keep it in step with put/drop; it is rebuilt
 * from the table when the database was reloaded (storage recovery bumps `db.generation`).
 */
export class TextIndex {
  entries: IndexEntry[] = [];
  /** Changes whenever the indexed rows may have changed: answers built from it can be cached by it. */
  version = 0;
  private generation = -1;
  /** Built on the first search after a write. */
  private joined: { text: string; starts: number[] } | undefined;

  constructor(
    private readonly db: Database,
    private readonly load: () => IndexEntry[],
  ) {}

  /** The index, rebuilt first if the database was reloaded since it was built. */
  fresh(): this {
    if (this.generation !== this.db.generation) {
      this.entries = this.load().sort((a, b) => (isBefore(a, b) ? -1 : 1));
      this.joined = undefined;
      this.generation = this.db.generation;
      this.version++;
    }
    return this;
  }

  /** Whether writers should keep this index in step (it is rebuilt anyway after a reload). */
  get current(): boolean {
    return this.generation === this.db.generation;
  }

  /** Ids of the entries whose text contains `needle` (already lower-cased), in list order. */
  search(needle: string): number[] {
    if (!this.joined) {
      const starts: number[] = [];
      let offset = 0;
      for (const entry of this.entries) {
        starts.push(offset);
        offset += entry.haystack.length + 1;
      }
      const text = this.entries.map((entry) => entry.haystack).join(ENTRY_SEPARATOR);
      // Each entry's text now points into the joined one (V8 keeps a substring as a slice of its
      // parent), so the texts are held once, not twice: ~5 MB at 10,000 prompts.
      this.entries.forEach((entry, index) => {
        entry.haystack = text.slice(starts[index], starts[index]! + entry.haystack.length);
      });
      this.joined = { text, starts };
    }
    const { text, starts } = this.joined;
    const ids: number[] = [];
    let from = 0;
    // Matches come in text order, so each entry lookup starts after the previous one.
    let previous = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      // The entry holding `at`: the last start at or before it.
      let low = previous;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if (starts[middle]! <= at) low = middle;
        else high = middle - 1;
      }
      ids.push(this.entries[low]!.id);
      previous = low + 1;
      if (low + 1 >= starts.length) break;
      from = starts[low + 1]!;
    }
    return ids;
  }

  put(entry: IndexEntry): void {
    this.drop(entry.id);
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isBefore(this.entries[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    this.entries.splice(low, 0, entry);
    this.joined = undefined;
    this.version++;
  }

  /** After a bulk write: rebuild from the table on next use instead of inserting row by row. */
  invalidate(): void {
    this.generation = -1;
    this.joined = undefined;
    this.version++;
  }

  drop(id: number): void {
    const index = this.entries.findIndex((entry) => entry.id === id);
    if (index >= 0) this.entries.splice(index, 1);
    this.joined = undefined;
    this.version++;
  }
}

/**
 * One index per database and table. It is loaded on its first `fresh()` (by a reader), not here:
 * writers only keep an index in step once something has searched it.
 */
export function indexFor(
  registry: WeakMap<Database, TextIndex>,
  db: Database,
  load: (db: Database) => IndexEntry[],
): TextIndex {
  let index = registry.get(db);
  if (!index) {
    index = new TextIndex(db, () => load(db));
    registry.set(db, index);
  }
  return index;
}
