import type { Database, Statement } from './database';

export type PromptRow = {
  id: number;
  title: string;
  description: string;
  prompt_template: string;
  prompt_music: string;
  /** Relative to DATA_DIR (`uploads/<name>.webp`); only its last segment is ever shown. */
  image_path: string | null;
  created_at: string;
  updated_at: string;
};

export type PromptFields = Pick<PromptRow, 'title' | 'description' | 'prompt_template' | 'prompt_music' | 'image_path'>;

export type PromptQuery = { page: number; perPage: number; search: string };
export type PromptPage = { prompts: PromptRow[]; total: number; page: number; pages: number; perPage: number };

type Entry = { id: number; createdAt: string; haystack: string };

// Join the searchable fields, and the prompts in the joined index; a search text never contains
// them (see normalizeSearch), so a match cannot straddle two fields or two prompts.
const FIELD_SEPARATOR = '\u0000';
const ENTRY_SEPARATOR = '\u0001';

/**
 * Case-insensitive "contains" over title, description, template and music, the rule the public
 * page's offline search repeats: `field.toLowerCase().includes(search.trim().toLowerCase())`.
 */
export function normalizeSearch(search: string): string {
  return search.replaceAll(FIELD_SEPARATOR, '').replaceAll(ENTRY_SEPARATOR, '').trim().toLowerCase();
}

function haystackOf(row: Pick<PromptRow, 'title' | 'description' | 'prompt_template' | 'prompt_music'>): string {
  return [row.title, row.description, row.prompt_template, row.prompt_music].join(FIELD_SEPARATOR).toLowerCase();
}

/** Newest first: created_at descending, then id descending. */
function isBefore(a: Entry, b: Entry): boolean {
  return a.createdAt === b.createdAt ? a.id > b.id : a.createdAt > b.createdAt;
}

/**
 * An in-memory search index: every prompt's lower-cased text, in list order. SQL `LIKE '%x%'`
 * over 10k prompts of ~500 characters scans the table at ~13 ms in sql.js. Here all texts are
 * joined into one string searched with indexOf, which sets up its string search once per match
 * instead of once per prompt (a search that matches nothing is one pass over ~5 MB), and a page
 * then costs one primary-key lookup. Kept in step by the write functions below, rebuilt when the
 * database was reloaded (storage recovery bumps `db.generation`).
 */
class PromptIndex {
  entries: Entry[] = [];
  generation = -1;
  private readonly byCount = new Map<number, Statement>();
  /** Built on the first search after a write. */
  private joined: { text: string; starts: number[] } | undefined;

  constructor(private readonly db: Database) {}

  fresh(): this {
    if (this.generation !== this.db.generation) this.rebuild();
    return this;
  }

  private rebuild(): void {
    const rows = this.db
      .prepare('SELECT id, created_at, title, description, prompt_template, prompt_music FROM prompts ORDER BY created_at DESC, id DESC')
      .all<PromptRow>();
    this.entries = rows.map((row) => ({ id: row.id, createdAt: row.created_at, haystack: haystackOf(row) }));
    this.joined = undefined;
    this.generation = this.db.generation;
  }

  /** Ids of the prompts whose text contains `needle` (already normalized), in list order. */
  search(needle: string): number[] {
    if (!this.joined) {
      const starts: number[] = [];
      let offset = 0;
      for (const entry of this.entries) {
        starts.push(offset);
        offset += entry.haystack.length + 1;
      }
      this.joined = { text: this.entries.map((entry) => entry.haystack).join(ENTRY_SEPARATOR), starts };
    }
    const { text, starts } = this.joined;
    const ids: number[] = [];
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      // The prompt holding `at`: the last start at or before it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if (starts[middle]! <= at) low = middle;
        else high = middle - 1;
      }
      ids.push(this.entries[low]!.id);
      if (low + 1 >= starts.length) break;
      from = starts[low + 1]!;
    }
    return ids;
  }

  put(row: PromptRow): void {
    this.drop(row.id);
    const entry: Entry = { id: row.id, createdAt: row.created_at, haystack: haystackOf(row) };
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isBefore(this.entries[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    this.entries.splice(low, 0, entry);
    this.joined = undefined;
  }

  drop(id: number): void {
    const index = this.entries.findIndex((entry) => entry.id === id);
    if (index >= 0) this.entries.splice(index, 1);
    this.joined = undefined;
  }

  /** The rows of `ids`, in that order (one statement per page). */
  rows(ids: number[]): PromptRow[] {
    if (ids.length === 0) return [];
    let statement = this.byCount.get(ids.length);
    if (!statement) {
      statement = this.db.prepare(`SELECT * FROM prompts WHERE id IN (${ids.map(() => '?').join(', ')})`);
      this.byCount.set(ids.length, statement);
    }
    const byId = new Map(statement.all<PromptRow>(...ids).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

const indexes = new WeakMap<Database, PromptIndex>();

function indexOf(db: Database): PromptIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new PromptIndex(db);
    indexes.set(db, index);
  }
  return index.fresh();
}

/** One page, newest first; `page` is clamped into 1..pages (there is always at least one page). */
export async function listPrompts(db: Database, query: PromptQuery): Promise<PromptPage> {
  const index = indexOf(db);
  const needle = normalizeSearch(query.search);
  const perPage = Math.max(1, Math.floor(query.perPage));
  let ids: number[];
  let total: number;
  let page: number;
  let pages: number;
  if (needle === '') {
    total = index.entries.length;
    pages = Math.max(1, Math.ceil(total / perPage));
    page = Math.min(Math.max(1, Math.floor(query.page)), pages);
    ids = index.entries.slice((page - 1) * perPage, page * perPage).map((entry) => entry.id);
  } else {
    const matches = index.search(needle);
    total = matches.length;
    pages = Math.max(1, Math.ceil(total / perPage));
    page = Math.min(Math.max(1, Math.floor(query.page)), pages);
    ids = matches.slice((page - 1) * perPage, page * perPage);
  }
  return { prompts: index.rows(ids), total, page, pages, perPage };
}

export async function findPrompt(db: Database, id: number): Promise<PromptRow | undefined> {
  return db.prepare('SELECT * FROM prompts WHERE id = ?').get<PromptRow>(id);
}

export async function createPrompt(db: Database, fields: PromptFields, now: string): Promise<PromptRow> {
  const index = indexOf(db);
  const row = await db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare(
        'INSERT INTO prompts (title, description, prompt_template, prompt_music, image_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(fields.title, fields.description, fields.prompt_template, fields.prompt_music, fields.image_path, now, now);
    return { id: lastInsertRowid, ...fields, created_at: now, updated_at: now } satisfies PromptRow;
  });
  if (index.generation === db.generation) index.put(row);
  return row;
}

/** Replaces every field; answers the row before and after, or undefined for an unknown id. */
export async function updatePrompt(
  db: Database,
  id: number,
  fields: PromptFields,
  now: string,
): Promise<{ before: PromptRow; after: PromptRow } | undefined> {
  const index = indexOf(db);
  const result = await db.transaction(() => {
    const before = db.prepare('SELECT * FROM prompts WHERE id = ?').get<PromptRow>(id);
    if (!before) return undefined;
    db.prepare(
      'UPDATE prompts SET title = ?, description = ?, prompt_template = ?, prompt_music = ?, image_path = ?, updated_at = ? WHERE id = ?',
    ).run(fields.title, fields.description, fields.prompt_template, fields.prompt_music, fields.image_path, now, id);
    return { before, after: { ...before, ...fields, updated_at: now } };
  });
  if (result && index.generation === db.generation) index.put(result.after);
  return result;
}

/** Deletes a prompt; answers the deleted row (the caller removes its image), or undefined. */
export async function deletePrompt(db: Database, id: number): Promise<PromptRow | undefined> {
  const index = indexOf(db);
  const row = await db.transaction(() => {
    const found = db.prepare('SELECT * FROM prompts WHERE id = ?').get<PromptRow>(id);
    if (found) db.prepare('DELETE FROM prompts WHERE id = ?').run(id);
    return found;
  });
  if (row && index.generation === db.generation) index.drop(row.id);
  return row;
}

export async function countPrompts(db: Database): Promise<number> {
  return indexOf(db).entries.length;
}

/** Every stored image path, for removing files no prompt refers to. */
export async function listPromptImagePaths(db: Database): Promise<string[]> {
  return db
    .prepare('SELECT image_path FROM prompts WHERE image_path IS NOT NULL')
    .all<{ image_path: string }>()
    .map((row) => row.image_path);
}

/** The first prompt with exactly this title (the demo seed uses it to avoid duplicates). */
export async function findPromptByTitle(db: Database, title: string): Promise<PromptRow | undefined> {
  return db.prepare('SELECT * FROM prompts WHERE title = ? ORDER BY id LIMIT 1').get<PromptRow>(title);
}
