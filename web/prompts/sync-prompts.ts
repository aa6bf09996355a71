import type { ListAnswer, ListRequest } from './prompt-api';
import type { Prompt } from './prompt';
import type { PromptStore } from './prompt-store';

export const SYNC_PAGE_SIZE = 100;
// Bounds the loop whatever the server says: 100 000 prompts.
const MAX_SYNC_PAGES = 1000;

export type FetchList = (request: ListRequest) => Promise<ListAnswer>;

export type SyncResult = 'synced' | 'partial' | 'failed';

/**
 * Copies the whole collection into the store, page by page, and removes prompts the server no
 * longer has. Removal happens only when the pages add up to the server's total: a prompt added or
 * deleted while paging shifts rows between pages, and a row missed that way must not be deleted.
 * Any failed page leaves the store as it was.
 */
export async function syncPrompts(store: PromptStore, fetchList: FetchList): Promise<SyncResult> {
  const seen = new Map<number, Prompt>();
  let pages = 1;
  let total = 0;
  for (let page = 1; page <= pages && page <= MAX_SYNC_PAGES; page++) {
    let answer: ListAnswer;
    try {
      answer = await fetchList({ page, perPage: SYNC_PAGE_SIZE, search: '' });
    } catch {
      return 'failed';
    }
    if (!answer.success || answer.fromCache) return 'failed';
    for (const prompt of answer.prompts) seen.set(prompt.id, prompt);
    pages = answer.pages;
    total = answer.total;
  }
  if (seen.size !== total) {
    await store.apply({ put: [...seen.values()] });
    return 'partial';
  }
  const removeIds = (await store.all()).map((prompt) => prompt.id).filter((id) => !seen.has(id));
  await store.apply({ put: [...seen.values()], removeIds, complete: true });
  return 'synced';
}
