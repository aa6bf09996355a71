import type { Sql, Store } from './store';
import { clampPage, pageCount } from '../contract/rules/paging';
import { normalizeSearch } from '../contract/rules/search';
import { FIELD_SEPARATOR, TextIndex } from './text-index';
import type { IndexEntry } from './text-index';
import type { WithinChange } from './activity/activity-log';

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

/** The change topic of prompts: the public list's cached answers and every instance's index follow it. */
export const PROMPTS_TOPIC = 'prompts';

function entryOf(
  row: Pick<PromptRow, 'id' | 'created_at' | 'title' | 'description' | 'prompt_template' | 'prompt_music'>,
): IndexEntry {
  const haystack = [row.title, row.description, row.prompt_template, row.prompt_music]
    .join(FIELD_SEPARATOR)
    .toLowerCase();
  return { id: row.id, createdAt: row.created_at, haystack };
}

const indexes = new WeakMap<Store, TextIndex>();

/** Case-insensitive "contains" over title, description, template and music (normalizeSearch). */
function promptIndex(db: Store): TextIndex {
  let index = indexes.get(db);
  if (!index) {
    const load = async (): Promise<IndexEntry[]> =>
      (
        await db.all<PromptRow>('SELECT id, created_at, title, description, prompt_template, prompt_music FROM prompts')
      ).map(entryOf);
    indexes.set(db, (index = new TextIndex(load, db.changes, PROMPTS_TOPIC)));
  }
  return index;
}

/**
 * Loads the prompt index now (~0.1 s at 10,000 prompts) rather than in the first visitor's
 * request, where it held every other request for as long.
 */
export async function loadPromptIndex(db: Store): Promise<void> {
  await promptIndex(db).fresh();
}

/** The rows of `ids`, in that order. */
async function rowsOf(db: Sql, ids: number[]): Promise<PromptRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<PromptRow>(`SELECT * FROM prompts WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page, newest first; `page` is clamped into 1..pages (there is always at least one page). */
export async function listPrompts(db: Store, query: PromptQuery): Promise<PromptPage> {
  const index = await promptIndex(db).fresh();
  const needle = normalizeSearch(query.search);
  const perPage = Math.max(1, Math.floor(query.perPage));
  const matches = needle === '' ? undefined : index.search(needle);
  const total = matches ? matches.length : index.entries.length;
  const pages = pageCount(total, perPage);
  const page = clampPage(query.page, pages);
  const ids = matches
    ? matches.slice((page - 1) * perPage, page * perPage)
    : index.entries.slice((page - 1) * perPage, page * perPage).map((entry) => entry.id);
  return { prompts: await rowsOf(db, ids), total, page, pages, perPage };
}

export async function findPrompt(db: Sql, id: number): Promise<PromptRow | undefined> {
  return db.get<PromptRow>('SELECT * FROM prompts WHERE id = ?', [id]);
}

export async function createPrompt(
  db: Store,
  fields: PromptFields,
  now: string,
  within?: WithinChange<PromptRow>,
): Promise<PromptRow> {
  const row = await db.transaction(async (tx) => {
    const inserted = await tx.get<{ id: number }>(
      'INSERT INTO prompts (title, description, prompt_template, prompt_music, image_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
      [fields.title, fields.description, fields.prompt_template, fields.prompt_music, fields.image_path, now, now],
    );
    const created = { id: inserted!.id, ...fields, created_at: now, updated_at: now } satisfies PromptRow;
    await within?.(tx, created);
    return created;
  });
  promptIndex(db).put(entryOf(row));
  await db.changes.notify(PROMPTS_TOPIC);
  return row;
}

/** Replaces every field; answers the row before and after, or undefined for an unknown id. */
export async function updatePrompt(
  db: Store,
  id: number,
  fields: PromptFields,
  now: string,
  within?: WithinChange<{ before: PromptRow; after: PromptRow }>,
): Promise<{ before: PromptRow; after: PromptRow } | undefined> {
  const result = await db.transaction(async (tx) => {
    const before = await findPrompt(tx, id);
    if (!before) return undefined;
    await tx.run(
      'UPDATE prompts SET title = ?, description = ?, prompt_template = ?, prompt_music = ?, image_path = ?, updated_at = ? WHERE id = ?',
      [fields.title, fields.description, fields.prompt_template, fields.prompt_music, fields.image_path, now, id],
    );
    const change = { before, after: { ...before, ...fields, updated_at: now } };
    await within?.(tx, change);
    return change;
  });
  if (result) {
    promptIndex(db).put(entryOf(result.after));
    await db.changes.notify(PROMPTS_TOPIC);
  }
  return result;
}

/** Deletes a prompt; answers the deleted row (the caller removes its image), or undefined. */
export async function deletePrompt(
  db: Store,
  id: number,
  within?: WithinChange<PromptRow>,
): Promise<PromptRow | undefined> {
  const row = await db.transaction(async (tx) => {
    const found = await findPrompt(tx, id);
    if (!found) return undefined;
    await tx.run('DELETE FROM prompts WHERE id = ?', [id]);
    await within?.(tx, found);
    return found;
  });
  if (row) {
    promptIndex(db).drop(row.id);
    await db.changes.notify(PROMPTS_TOPIC);
  }
  return row;
}

/**
 * Changes with every prompt write (here or on another instance) and storage reload: a public list
 * answer built at one version stays right until the version moves.
 */
export function promptsVersion(db: Store): number {
  return promptIndex(db).version;
}

export async function countPrompts(db: Store): Promise<number> {
  return (await promptIndex(db).fresh()).entries.length;
}

/** Every stored image path, for removing files no prompt refers to. */
export async function listPromptImagePaths(db: Sql): Promise<string[]> {
  return (await db.all<{ image_path: string }>('SELECT image_path FROM prompts WHERE image_path IS NOT NULL')).map(
    (row) => row.image_path,
  );
}

/** The first prompt with exactly this title (the demo seed uses it to avoid duplicates). */
export async function findPromptByTitle(db: Sql, title: string): Promise<PromptRow | undefined> {
  return db.get<PromptRow>('SELECT * FROM prompts WHERE title = ? ORDER BY id LIMIT 1', [title]);
}
