import type { Database, Statement } from './database';
import { ENTRY_SEPARATOR, indexFor } from './text-index';
import type { IndexEntry, TextIndex } from './text-index';

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

// Join the searchable fields; a search text never contains the separators (see normalizeSearch),
// so a match cannot straddle two fields or two prompts.
const FIELD_SEPARATOR = '\u0000';

/**
 * Case-insensitive "contains" over title, description, template and music, the rule the public
 * page's offline search repeats: `field.toLowerCase().includes(search.trim().toLowerCase())`.
 */
export function normalizeSearch(search: string): string {
  return search.replaceAll(FIELD_SEPARATOR, '').replaceAll(ENTRY_SEPARATOR, '').trim().toLowerCase();
}

function entryOf(row: Pick<PromptRow, 'id' | 'created_at' | 'title' | 'description' | 'prompt_template' | 'prompt_music'>): IndexEntry {
  const haystack = [row.title, row.description, row.prompt_template, row.prompt_music].join(FIELD_SEPARATOR).toLowerCase();
  return { id: row.id, createdAt: row.created_at, haystack };
}

const indexes = new WeakMap<Database, TextIndex>();

/** The prompt index, loaded if needed: the public list reads it on every call. */
function indexOf(db: Database): TextIndex {
  return promptIndex(db).fresh();
}

function promptIndex(db: Database): TextIndex {
  return indexFor(indexes, db, (database) =>
    database
      .prepare('SELECT id, created_at, title, description, prompt_template, prompt_music FROM prompts')
      .all<PromptRow>()
      .map(entryOf),
  );
}

/**
 * Loads the prompt index now (~0.1 s at 10,000 prompts) rather than in the first visitor's
 * request, where it held every other request for as long.
 */
export function loadPromptIndex(db: Database): void {
  indexOf(db);
}

const byCount = new WeakMap<Database, Map<number, Statement>>();

/** The rows of `ids`, in that order (one statement per page). */
function rowsOf(db: Database, ids: number[]): PromptRow[] {
  if (ids.length === 0) return [];
  let statements = byCount.get(db);
  if (!statements) byCount.set(db, (statements = new Map()));
  let statement = statements.get(ids.length);
  if (!statement) {
    statement = db.prepare(`SELECT * FROM prompts WHERE id IN (${ids.map(() => '?').join(', ')})`);
    statements.set(ids.length, statement);
  }
  const byId = new Map(statement.all<PromptRow>(...ids).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
  return { prompts: rowsOf(db, ids), total, page, pages, perPage };
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
  if (index.current) index.put(entryOf(row));
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
  if (result && index.current) index.put(entryOf(result.after));
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
  if (row && index.current) index.drop(row.id);
  return row;
}

/**
 * Changes with every prompt write (and storage reload): a public list answer built at one
 * version stays right until the version moves.
 */
export function promptsVersion(db: Database): number {
  return indexOf(db).version;
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
