/**
 * The paging rules of the list calls, read by the handlers (api/http/list-query.ts), stated in the
 * OpenAPI text (PageQuery, the search descriptions) and applied by the browser's own searches.
 * Plain values: the browser bundles them.
 */

/** The most rows one page holds: `per_page` is clamped into 1..PAGE_MAX. */
export const PAGE_MAX = 100;
/** The highest page number read: a larger `page` counts as this one. */
export const PAGE_NUMBER_MAX = 1_000_000_000;

/** A list call's page size when `per_page` is absent, and how many characters of a search it reads. */
export type ListLimits = { defaultPerPage: number; searchMaxLength: number };

export const LICENSE_LIST: ListLimits = { defaultPerPage: 100, searchMaxLength: 200 };
export const ORDER_LIST: ListLimits = { defaultPerPage: 50, searchMaxLength: 200 };
export const MAIL_LIST: ListLimits = { defaultPerPage: 50, searchMaxLength: 200 };
/** The activity log: `searchMaxLength` bounds the `who` filter. */
export const ACTIVITY_LIST: ListLimits = { defaultPerPage: 50, searchMaxLength: 254 };
/**
 * The most activity entries one filter counts and pages through: the newest ones. Counting a whole
 * year of a busy log on every page view would cost more than the page; a period reaches older ones.
 */
export const ACTIVITY_COUNT_MAX = 10_000;
/** The public prompt page: 12 cards a page, searched by longer texts (a line of a template). */
export const PROMPT_LIST: ListLimits = { defaultPerPage: 12, searchMaxLength: 500 };
/** LoopStream records are listed whole: only the search has a limit. */
export const LOOPSTREAM_SEARCH_MAX_LENGTH = 200;

/** How many pages `total` rows make: at least one, also when nothing was found. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** `page` as a page that exists: a whole number from 1 to `pages`. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, pages));
}
