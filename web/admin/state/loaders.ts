import type { listSettings, shopTimeZone } from '../../../contract/calls/settings';
import type { dashboard, listLicenses } from '../../../contract/calls/licenses';
import type { listLoopstreams } from '../../../contract/calls/loopstreams';
import type { orderStats } from '../../../contract/calls/orders';
import type { listPrompts } from '../../../contract/calls/prompts';
import { apiJson } from '../api-client';
import { pagedLoader } from './paged-list';
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

/** The order and e-mail counts shown beside the licence stats. */
export async function loadOrderStats(): Promise<void> {
  const answer = await quietly(() => apiJson<typeof orderStats>('GET', '/api/order/stats'));
  if (answer?.success && answer.stats) store.orderStats = answer.stats;
}

/** The shop's time zone, in which every date is shown and typed: once a session starts. */
export async function loadTimeZone(): Promise<void> {
  const answer = await quietly(() => apiJson<typeof shopTimeZone>('GET', '/api/time-zone'));
  if (answer?.success && typeof answer.time_zone === 'string') store.timeZone = answer.time_zone;
}

/** One page of licences for the current search and status filter. */
export const loadLicenses = pagedLoader(
  () => store.licenses,
  async ({ page, search, status }) => {
    const query = new URLSearchParams({
      search: search.trim(),
      page: String(page),
      per_page: String(LICENSE_PAGE_SIZE),
    });
    if (status) query.set('status', status);
    const answer = await quietly(() => apiJson<typeof listLicenses>('GET', `/api/license/list?${query}`));
    if (!answer?.success || !Array.isArray(answer.licenses)) return undefined;
    return { rows: answer.licenses, pages: answer.pages ?? 1, total: answer.total ?? answer.licenses.length };
  },
);

export const loadPrompts = pagedLoader(
  () => store.prompts,
  async ({ page, search }) => {
    const query = new URLSearchParams({ page: String(page), per_page: String(PROMPT_PAGE_SIZE) });
    if (search.trim()) query.set('search', search.trim());
    const answer = await quietly(() => apiJson<typeof listPrompts>('GET', `/api/prompt/list?${query}`));
    return answer?.success && Array.isArray(answer.prompts)
      ? { rows: answer.prompts, pages: answer.pages ?? 1, total: answer.total ?? 0 }
      : undefined;
  },
);

let loopstreamRequest = 0;

export async function loadLoopstreams(): Promise<void> {
  const search = store.loopstreams.search.trim();
  const request = ++loopstreamRequest;
  store.loopstreams.loading = true;
  const path = search ? (`/api/loopstream/list?${new URLSearchParams({ search })}` as const) : '/api/loopstream/list';
  const answer = await quietly(() => apiJson<typeof listLoopstreams>('GET', path));
  if (request !== loopstreamRequest) return;
  store.loopstreams.loading = false;
  if (answer?.success && Array.isArray(answer.loopstreams)) store.loopstreams.rows = answer.loopstreams;
}

export async function loadSettings(): Promise<void> {
  store.settings.loading = true;
  const answer = await quietly(() => apiJson<typeof listSettings>('GET', '/api/config/list'));
  store.settings.loading = false;
  if (answer?.success && Array.isArray(answer.configs)) store.settings.rows = answer.configs;
}

/** After a login and after every successful change: every list and the stats (docs/spec.md#admin-dashboard). */
export async function reloadAll(): Promise<void> {
  await Promise.all([loadStats(), loadOrderStats(), loadLicenses(), loadLoopstreams(), loadSettings(), loadPrompts()]);
}
