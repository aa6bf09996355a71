/** What every list call reads of its query: the page, its size and the search, by the contract's limits. */
import { PAGE_MAX, PAGE_NUMBER_MAX } from '../../contract/rules/paging';
import type { ListLimits } from '../../contract/rules/paging';
import { searchNeedle } from '../../contract/rules/search';
import { queryInt } from './api-request';

/** `search` is the needle the data layer matches: trimmed, cut to the call's limit, lower-cased. */
export type ListQuery = { page: number; perPage: number; search: string };

/**
 * Unreadable or out-of-range numbers are clamped, never refused: `page` from 1 to
 * PAGE_NUMBER_MAX, `per_page` from 1 to PAGE_MAX (the call's default when absent).
 */
export function readListQuery(
  query: { page?: string; per_page?: string; search?: string },
  limits: ListLimits,
): ListQuery {
  return {
    page: queryInt(query.page, 1, 1, PAGE_NUMBER_MAX),
    perPage: queryInt(query.per_page, limits.defaultPerPage, 1, PAGE_MAX),
    search: readSearch(query, limits.searchMaxLength),
  };
}

/** The search alone, for a list answered whole (LoopStream records). */
export function readSearch(query: { search?: string }, maxLength: number): string {
  return searchNeedle(query.search ?? '', maxLength);
}
