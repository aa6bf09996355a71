import type { ChangeFeed } from './store';

/** One searchable row: its id, its place in the list (newest first) and its lower-cased text. */
export type IndexEntry = { id: number; createdAt: string; haystack: string };

/**
 * Between entries in the joined text. normalizeSearch (contract/rules/search.ts) drops it and
 * FIELD_SEPARATOR from every search, so no match spans two rows or two fields.
 */
export const ENTRY_SEPARATOR = '\u0001';
/** Between the fields of one entry. */
export const FIELD_SEPARATOR = '\u0000';

/** Newest first: created_at descending, then id descending. */
function isBefore(a: IndexEntry, b: IndexEntry): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

/**
 * An in-memory "contains" index over a table's searchable text, in list order. SQL
 * `LIKE '%x%'` scans every row (~13 ms over 10k prompts, ~45 ms over 100k licences in sql.js).
 * Here all texts are joined into one string searched with indexOf, which sets up its string
 * search once per match instead of once per row (a search that matches nothing is one pass), and
 * a page then costs one primary-key lookup. Writers in this process keep it in step with
 * put/drop; a change announced by another instance (or a storage reload) reloads it.
 */
export class TextIndex {
  entries: IndexEntry[] = [];
  /** Changes whenever the indexed rows may have changed: answers built from it can be cached by it. */
  version = 0;
  private stale = true;
  private loading: Promise<void> | undefined;
  /** Writes seen while a load was under way: that load may have missed them. */
  private writesDuringLoad = false;
  /** Built on the first search after a write. */
  private joined: { text: string; starts: number[] } | undefined;

  constructor(
    private readonly load: () => Promise<IndexEntry[]>,
    feed: ChangeFeed,
    topic: string,
  ) {
    feed.onRemote(topic, () => this.invalidate());
  }

  /** The index, loaded first when it never was or when it went stale. */
  async fresh(): Promise<this> {
    while (this.stale) {
      this.loading ??= this.reload().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this;
  }

  private async reload(): Promise<void> {
    this.writesDuringLoad = false;
    const entries = (await this.load()).sort((a, b) => (isBefore(a, b) ? -1 : 1));
    this.entries = entries;
    this.joined = undefined;
    this.version++;
    this.stale = this.writesDuringLoad;
  }

  /** Whether writers should keep this index in step (a stale one is reloaded anyway). */
  get current(): boolean {
    return !this.stale && !this.loading;
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

  /** After a committed write of one row in this process. */
  put(entry: IndexEntry): void {
    if (!this.current) return this.noteWrite();
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

  drop(id: number): void {
    if (!this.current) return this.noteWrite();
    const index = this.entries.findIndex((entry) => entry.id === id);
    if (index >= 0) this.entries.splice(index, 1);
    this.joined = undefined;
    this.version++;
  }

  /** After a bulk write or a change made elsewhere: reload from the table on next use. */
  invalidate(): void {
    this.stale = true;
    this.noteWrite();
  }

  private noteWrite(): void {
    if (this.loading) this.writesDuringLoad = true;
    this.joined = undefined;
    this.version++;
  }
}
