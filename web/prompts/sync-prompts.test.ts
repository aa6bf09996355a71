import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ListAnswer, ListRequest } from './prompt-api';
import type { Prompt } from './prompt';
import { memoryPromptStore } from './prompt-store';
import { searchPrompts } from './search-prompts';
import { syncPrompts } from './sync-prompts';

function makePrompt(id: number): Prompt {
  return {
    id,
    title: `Prompt ${id}`,
    description: '',
    prompt_template: `template ${id}`,
    prompt_music: '',
    image_path: null,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, id)).toISOString(),
  };
}

/** A fake list endpoint over an array, paging like the server; records the pages asked for. */
function fakeServer(rows: Prompt[]): { fetchList: (request: ListRequest) => Promise<ListAnswer>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    fetchList: async (request) => {
      asked.push(request.page);
      return { success: true, fromCache: false, ...searchPrompts(rows, request.search, request.page, request.perPage) };
    },
  };
}

const ids = async (store: ReturnType<typeof memoryPromptStore>): Promise<number[]> =>
  (await store.all()).map((prompt) => prompt.id).sort((a, b) => a - b);

test('syncPrompts: copies every page of the collection', async () => {
  const rows = Array.from({ length: 250 }, (_, index) => makePrompt(index + 1));
  const server = fakeServer(rows);
  const store = memoryPromptStore();
  assert.is(await syncPrompts(store, server.fetchList), 'synced');
  assert.equal(server.asked, [1, 2, 3]);
  assert.equal(
    await ids(store),
    rows.map((prompt) => prompt.id),
  );
  assert.ok(await store.isComplete());
});

test('syncPrompts: prompts deleted on the server disappear from the store', async () => {
  const rows = Array.from({ length: 130 }, (_, index) => makePrompt(index + 1));
  const store = memoryPromptStore();
  await syncPrompts(store, fakeServer(rows).fetchList);
  const remaining = rows.filter((prompt) => prompt.id % 10 !== 0 && prompt.id !== 1);
  assert.is(await syncPrompts(store, fakeServer(remaining).fetchList), 'synced');
  assert.equal(
    await ids(store),
    remaining.map((prompt) => prompt.id),
  );
});

test('syncPrompts: the whole collection deleted empties the store', async () => {
  const store = memoryPromptStore([makePrompt(1), makePrompt(2)]);
  assert.is(await syncPrompts(store, fakeServer([]).fetchList), 'synced');
  assert.equal(await ids(store), []);
});

test('syncPrompts: an edited prompt replaces the stored one', async () => {
  const store = memoryPromptStore([makePrompt(1)]);
  await syncPrompts(store, fakeServer([{ ...makePrompt(1), title: 'Baru' }]).fetchList);
  assert.is((await store.all())[0]?.title, 'Baru');
});

test('syncPrompts: a failed page changes nothing', async () => {
  const store = memoryPromptStore([makePrompt(900)]);
  const rows = Array.from({ length: 150 }, (_, index) => makePrompt(index + 1));
  const server = fakeServer(rows);
  const failing = async (request: ListRequest): Promise<ListAnswer> => {
    if (request.page === 2) throw new TypeError('Failed to fetch');
    return server.fetchList(request);
  };
  assert.is(await syncPrompts(store, failing), 'failed');
  assert.equal(await ids(store), [900]);
  assert.not.ok(await store.isComplete());
  const refused = async (): Promise<ListAnswer> => ({
    success: false,
    prompts: [],
    page: 1,
    pages: 0,
    total: 0,
    fromCache: false,
  });
  assert.is(await syncPrompts(store, refused), 'failed');
  const stale = async (request: ListRequest): Promise<ListAnswer> => ({
    ...(await server.fetchList(request)),
    fromCache: true,
  });
  assert.is(await syncPrompts(store, stale), 'failed');
  assert.equal(await ids(store), [900]);
});

test('syncPrompts: pages that do not add up to the total save but delete nothing', async () => {
  const store = memoryPromptStore([makePrompt(900)]);
  const shifting = async (request: ListRequest): Promise<ListAnswer> => ({
    success: true,
    fromCache: false,
    prompts: [makePrompt(request.page)],
    page: request.page,
    pages: 2,
    total: 3,
  });
  assert.is(await syncPrompts(store, shifting), 'partial');
  assert.equal(await ids(store), [1, 2, 900]);
  assert.not.ok(await store.isComplete());
});

test.run();
