import type { listConfigs } from '../../../contract/configs';
import type { dashboard, listLicenses } from '../../../contract/licenses';
import type { listLoopstreams } from '../../../contract/loopstreams';
import type { listPrompts } from '../../../contract/prompts';
import { apiJson } from '../api-client';
import { LICENSE_PAGE_SIZE, PROMPT_PAGE_SIZE, store } from './store';

/**
 * The answer, or undefined when the call got none: lists keep their rows when a load fails, and
 * when an answer lacks its list (a proxy's page, a server from another version) rather than break.
 */
async function quietly<Answer>(call: () => Promise<Answer>): Promise<Answer | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

export async function loadStats(): Promise<void> {
  const answer = await quietly(() => apiJson<typeof dashboard>('GET', '/api/admin/dashboard'));
  if (answer?.success && answer.stats) store.stats = answer.stats;
}

let licenseRequest = 0;

/** One page of licences for the current search; a newer request wins over a slower older one. */
export async function loadLicenses(): Promise<void> {
  const { page, search } = store.licenses;
  const query = new URLSearchParams({ search: search.trim(), page: String(page), per_page: String(LICENSE_PAGE_SIZE) });
  const request = ++licenseRequest;
  store.licenses.loading = true;
  const answer = await quietly(() => apiJson<typeof listLicenses>('GET', `/api/license/list?${query}`));
  if (request !== licenseRequest) return;
  store.licenses.loading = false;
  if (!answer?.success || !Array.isArray(answer.licenses)) return;
  const rows = answer.licenses;
  const pages = answer.pages ?? 1;
  // The last row of the last page was removed: step back to the page that still exists.
  if (rows.length === 0 && page > 1 && pages < page) {
    store.licenses.page = Math.max(1, pages);
    return loadLicenses();
  }
  store.licenses.rows = rows;
  store.licenses.total = answer.total ?? rows.length;
  store.licenses.pages = pages;
}

export async function loadLoopstreams(): Promise<void> {
  store.loopstreams.loading = true;
  const answer = await quietly(() => apiJson<typeof listLoopstreams>('GET', '/api/loopstream/list'));
  store.loopstreams.loading = false;
  if (answer?.success && Array.isArray(answer.loopstreams)) store.loopstreams.rows = answer.loopstreams;
}

export async function loadConfigs(): Promise<void> {
  store.configs.loading = true;
  const answer = await quietly(() => apiJson<typeof listConfigs>('GET', '/api/config/list'));
  store.configs.loading = false;
  if (answer?.success && Array.isArray(answer.configs)) store.configs.rows = answer.configs;
}

let promptRequest = 0;

export async function loadPrompts(): Promise<void> {
  const { page, search } = store.prompts;
  const query = new URLSearchParams({ page: String(page), per_page: String(PROMPT_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  const request = ++promptRequest;
  store.prompts.loading = true;
  const answer = await quietly(() => apiJson<typeof listPrompts>('GET', `/api/prompt/list?${query}`));
  if (request !== promptRequest) return;
  store.prompts.loading = false;
  if (!answer?.success || !Array.isArray(answer.prompts)) return;
  const rows = answer.prompts;
  const pages = answer.pages ?? 1;
  if (rows.length === 0 && page > 1 && pages < page) {
    store.prompts.page = Math.max(1, pages);
    return loadPrompts();
  }
  store.prompts.rows = rows;
  store.prompts.pages = pages;
}

/** After a login and after every successful change: every list and the stats (SPEC §4). */
export async function reloadAll(): Promise<void> {
  await Promise.all([loadStats(), loadLicenses(), loadLoopstreams(), loadConfigs(), loadPrompts()]);
}
