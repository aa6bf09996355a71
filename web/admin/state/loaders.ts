import { apiJson } from '../api-client';
import type { ApiAnswer, Config, License, Loopstream, Prompt, Stats } from '../types';
import { LICENSE_PAGE_SIZE, PROMPT_PAGE_SIZE, store } from './store';

// Lists keep their rows when a load fails: the screen stays usable and the next change reloads.
async function get(path: string): Promise<ApiAnswer | undefined> {
  try {
    const answer = await apiJson('GET', path);
    return answer.success ? answer : undefined;
  } catch {
    return undefined;
  }
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export async function loadStats(): Promise<void> {
  const answer = await get('/api/admin/dashboard');
  if (answer?.stats && typeof answer.stats === 'object') store.stats = answer.stats as Stats;
}

let licenseRequest = 0;

/** One page of licences for the current search; a newer request wins over a slower older one. */
export async function loadLicenses(): Promise<void> {
  const { page, search } = store.licenses;
  const query = new URLSearchParams({ search: search.trim(), page: String(page), per_page: String(LICENSE_PAGE_SIZE) });
  const request = ++licenseRequest;
  store.licenses.loading = true;
  const answer = await get(`/api/license/list?${query}`);
  if (request !== licenseRequest) return;
  store.licenses.loading = false;
  if (!answer || !Array.isArray(answer.licenses)) return;
  const rows = answer.licenses as License[];
  const pages = count(answer.pages, 1);
  // The last row of the last page was removed: step back to the page that still exists.
  if (rows.length === 0 && page > 1 && pages < page) {
    store.licenses.page = Math.max(1, pages);
    return loadLicenses();
  }
  store.licenses.rows = rows;
  store.licenses.total = count(answer.total, rows.length);
  store.licenses.pages = pages;
}

export async function loadLoopstreams(): Promise<void> {
  store.loopstreams.loading = true;
  const answer = await get('/api/loopstream/list');
  store.loopstreams.loading = false;
  if (answer && Array.isArray(answer.loopstreams)) store.loopstreams.rows = answer.loopstreams as Loopstream[];
}

export async function loadConfigs(): Promise<void> {
  store.configs.loading = true;
  const answer = await get('/api/config/list');
  store.configs.loading = false;
  if (answer && Array.isArray(answer.configs)) store.configs.rows = answer.configs as Config[];
}

let promptRequest = 0;

export async function loadPrompts(): Promise<void> {
  const { page, search } = store.prompts;
  const query = new URLSearchParams({ page: String(page), per_page: String(PROMPT_PAGE_SIZE) });
  if (search.trim()) query.set('search', search.trim());
  const request = ++promptRequest;
  store.prompts.loading = true;
  const answer = await get(`/api/prompt/list?${query}`);
  if (request !== promptRequest) return;
  store.prompts.loading = false;
  if (!answer || !Array.isArray(answer.prompts)) return;
  const rows = answer.prompts as Prompt[];
  const pages = count(answer.pages, 1);
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
