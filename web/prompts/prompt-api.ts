import type { AnswerOf } from '../../contract/calls/call';
import type { listPrompts } from '../../contract/calls/prompts';
import { toPrompt } from './prompt';
import type { Prompt } from './prompt';

/** The service worker marks an answer it served from its cache because the network failed. */
export const SW_CACHE_HEADER = 'x-sw-cache';

/**
 * `GET /api/prompt/list` as the page uses it: `page` is the page the server answered with (it
 * clamps the asked page into 1..pages); `fromCache` is true when the answer came from the service
 * worker's cache, i.e. the network is down.
 */
export type ListAnswer = Pick<AnswerOf<typeof listPrompts, 200>, 'page' | 'pages' | 'total'> & {
  success: boolean;
  prompts: Prompt[];
  fromCache: boolean;
};

export type ListRequest = { page: number; perPage: number; search: string };

const FAILED: ListAnswer = { success: false, prompts: [], page: 1, pages: 0, total: 0, fromCache: false };

/**
 * `GET /api/prompt/list`. Rejects only when the network fails; any answer the server gave that
 * is not a usable list (an error status, not JSON, success false) reads as `success: false`.
 */
export async function fetchPromptList(request: ListRequest, signal?: AbortSignal): Promise<ListAnswer> {
  const params = new URLSearchParams({ page: String(request.page), per_page: String(request.perPage) });
  if (request.search !== '') params.set('search', request.search);
  const response = await fetch(`/api/prompt/list?${params}`, { signal, headers: { accept: 'application/json' } });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return FAILED;
  }
  const answer = (body ?? {}) as Record<string, unknown>;
  if (!response.ok || answer.success !== true || !Array.isArray(answer.prompts)) return FAILED;
  const prompts = answer.prompts.map(toPrompt).filter((prompt): prompt is Prompt => prompt !== undefined);
  const page = Number(answer.page);
  const pages = Number(answer.pages);
  const total = Number(answer.total);
  return {
    success: true,
    prompts,
    page: Number.isSafeInteger(page) && page >= 1 ? page : request.page,
    pages: Number.isSafeInteger(pages) && pages >= 0 ? pages : 1,
    total: Number.isSafeInteger(total) && total >= 0 ? total : prompts.length,
    fromCache: response.headers.get(SW_CACHE_HEADER) !== null,
  };
}
