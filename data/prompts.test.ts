import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SqliteStore } from './sqlite/sqlite-store';
import { migrate } from './sqlite/migrations';
import { createPrompt, deletePrompt, findPrompt, listPromptImagePaths, listPrompts, updatePrompt } from './prompts';
import type { PromptFields, PromptRow } from './prompts';

const dirs: string[] = [];
async function openDb(): Promise<SqliteStore> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-prompts-'));
  dirs.push(dir);
  const db = await SqliteStore.open({ dir, onError: () => undefined });
  await migrate(db.database);
  return db;
}

test.after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const fields = (title: string, more: Partial<PromptFields> = {}): PromptFields => ({
  title,
  description: '',
  prompt_template: 'template',
  prompt_music: '',
  image_path: null,
  ...more,
});
const at = (minute: number): string => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const titles = (rows: PromptRow[]): string[] => rows.map((row) => row.title);

/** The rule the public page repeats offline, written plainly: any field contains the text. */
function plainMatch(row: PromptRow, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return [row.title, row.description, row.prompt_template, row.prompt_music].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

test('listPrompts: newest first (created_at, then id), paged, page clamped into 1..pages', async () => {
  const db = await openDb();
  try {
    await createPrompt(db, fields('b'), at(2));
    await createPrompt(db, fields('a'), at(1));
    await createPrompt(db, fields('c'), at(3));
    await createPrompt(db, fields('c2'), at(3));
    const first = await listPrompts(db, { page: 1, perPage: 3, search: '' });
    assert.equal(titles(first.prompts), ['c2', 'c', 'b']);
    assert.equal([first.total, first.pages, first.page], [4, 2, 1]);
    const last = await listPrompts(db, { page: 2, perPage: 3, search: '' });
    assert.equal(titles(last.prompts), ['a']);
    const beyond = await listPrompts(db, { page: 99, perPage: 3, search: '' });
    assert.equal([beyond.page, titles(beyond.prompts)], [2, ['a']]);
    const below = await listPrompts(db, { page: -5, perPage: 0, search: '' });
    assert.equal([below.page, below.perPage, titles(below.prompts)], [1, 1, ['c2']]);
  } finally {
    await db.close();
  }
});

test('listPrompts: an empty collection has one empty page', async () => {
  const db = await openDb();
  try {
    const page = await listPrompts(db, { page: 3, perPage: 12, search: 'x' });
    assert.equal([page.prompts, page.total, page.pages, page.page], [[], 0, 1, 1]);
  } finally {
    await db.close();
  }
});

test('listPrompts: search is a case-insensitive "contains" over each of the four fields, never across two', async () => {
  const db = await openDb();
  try {
    await createPrompt(db, fields('Lofi Hujan', { description: 'suasana malam' }), at(1));
    await createPrompt(db, fields('Piano', { prompt_template: 'soft PIANO for sleep' }), at(2));
    await createPrompt(db, fields('Gaming', { prompt_template: '', prompt_music: 'Synthwave 80s' }), at(3));
    await createPrompt(db, fields('ends with lofi', { description: 'hujan starts here' }), at(4));
    const all = (await listPrompts(db, { page: 1, perPage: 100, search: '' })).prompts;
    const cases = ['HUJAN', 'piano for', 'synthwave', '  lofi  ', 'lofihujan', 'lofi\u0000hujan', 'tidak ada', 'o'];
    for (const search of cases) {
      const page = await listPrompts(db, { page: 1, perPage: 100, search });
      const expected = search.includes('\u0000') ? [] : all.filter((row) => plainMatch(row, search));
      assert.equal(titles(page.prompts), titles(expected), `search ${JSON.stringify(search)}`);
      assert.is(page.total, expected.length);
    }
    // "lofi" at the end of one field and "hujan" at the start of the next must not match "lofi hujan"... unless a field has it.
    const straddle = await listPrompts(db, { page: 1, perPage: 100, search: 'lofi hujan' });
    assert.equal(titles(straddle.prompts), ['Lofi Hujan']);
  } finally {
    await db.close();
  }
});

test('listPrompts: search matches never run from one prompt into the next', async () => {
  const db = await openDb();
  try {
    await createPrompt(db, fields('alpha', { prompt_template: 'ends in xy' }), at(1));
    await createPrompt(db, fields('zbeta', { prompt_template: 'other' }), at(2));
    const page = await listPrompts(db, { page: 1, perPage: 10, search: 'xyz' });
    assert.is(page.total, 0);
    const paged = await listPrompts(db, { page: 2, perPage: 1, search: 'a' });
    assert.equal([paged.total, paged.pages, titles(paged.prompts)], [2, 2, ['alpha']]);
  } finally {
    await db.close();
  }
});

test('the index follows create, update and delete, and is rebuilt after the database is reloaded', async () => {
  const db = await openDb();
  try {
    const row = await createPrompt(db, fields('Hujan'), at(1));
    assert.is((await listPrompts(db, { page: 1, perPage: 12, search: 'hujan' })).total, 1);
    const changed = await updatePrompt(db, row.id, fields('Kopi pagi', { image_path: 'uploads/x.webp' }), at(5));
    assert.is(changed?.before.title, 'Hujan');
    assert.equal(
      [changed?.after.title, changed?.after.updated_at, changed?.after.created_at],
      ['Kopi pagi', at(5), at(1)],
    );
    assert.is((await listPrompts(db, { page: 1, perPage: 12, search: 'hujan' })).total, 0);
    assert.is((await listPrompts(db, { page: 1, perPage: 12, search: 'KOPI' })).total, 1);
    assert.equal(await listPromptImagePaths(db), ['uploads/x.webp']);
    assert.is((await findPrompt(db, row.id))?.image_path, 'uploads/x.webp');
    // A write behind the index's back, then a reload (what storage recovery does): the next list rebuilds.
    db.database.raw.run("UPDATE prompts SET title = 'Diganti diam-diam'");
    db.changes.remoteAll();
    assert.is((await listPrompts(db, { page: 1, perPage: 12, search: 'diam-diam' })).total, 1);
    assert.equal((await deletePrompt(db, row.id))?.id, row.id);
    assert.is(await deletePrompt(db, row.id), undefined);
    assert.is(await updatePrompt(db, row.id, fields('x'), at(6)), undefined);
    assert.is((await listPrompts(db, { page: 1, perPage: 12, search: '' })).total, 0);
  } finally {
    await db.close();
  }
});

test('prompts survive a restart (journal replay) and the index is built from the stored rows', async () => {
  const db = await openDb();
  const dir = db.database.dir;
  await createPrompt(db, fields('Satu'), at(1));
  await createPrompt(db, fields('Dua'), at(2));
  await db.close();
  const reopened = await SqliteStore.open({ dir, onError: () => undefined });
  try {
    const page = await listPrompts(reopened, { page: 1, perPage: 12, search: '' });
    assert.equal(titles(page.prompts), ['Dua', 'Satu']);
  } finally {
    await reopened.close();
  }
});

test.run();
