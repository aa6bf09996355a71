/** What every searchable, paged admin list shares: loading a page, moving between pages, searching while typing. */
import { clampPage } from '../../../contract/rules/paging';

export type PagedList<Row> = {
  rows: Row[];
  total: number;
  pages: number;
  page: number;
  search: string;
  loading: boolean;
  /** The last load got no usable answer (offline, server error): the list says so instead of looking empty. */
  failed?: boolean;
};

/** A paged list with a status filter ('' shows every status). */
export type FilteredList<Row, Status extends string> = PagedList<Row> & { status: Status | '' };

/** A list before its first load: page 1 of nothing. */
export function emptyPagedList<Row>(): PagedList<Row> {
  return { rows: [], total: 0, pages: 0, page: 1, search: '', loading: false };
}

/** One page as a list call answered it; undefined when the call got no usable answer. */
export type Page<Row> = { rows: Row[]; pages: number; total: number };

export const SEARCH_DELAY_MS = 300;

/**
 * A loader for one list: the newest request wins over a slower older one, a failed load keeps the
 * rows, and when the last row of the last page went (deleted), it steps back to the page that
 * still exists.
 */
export function pagedLoader<Row, List extends PagedList<Row>>(
  list: () => List,
  fetchPage: (list: List) => Promise<Page<Row> | undefined>,
): () => Promise<void> {
  let latest = 0;
  const load = async (): Promise<void> => {
    const current = list();
    const page = current.page;
    const request = ++latest;
    current.loading = true;
    const answer = await fetchPage(current);
    if (request !== latest) return;
    current.loading = false;
    current.failed = answer === undefined;
    if (!answer) return;
    if (answer.rows.length === 0 && page > 1 && answer.pages < page) {
      current.page = Math.max(1, answer.pages);
      return load();
    }
    current.rows = answer.rows;
    current.total = answer.total;
    current.pages = answer.pages;
  };
  return load;
}

/** Moves to `page`, kept between 1 and the last page, and loads it. */
export function goToPage(list: { page: number; pages: number }, page: number, load: () => Promise<void>): void {
  list.page = clampPage(page, list.pages);
  void load();
}

/** Searching while typing: the text is kept at once, the list restarts at page 1 and loads after a pause. */
export function debouncedSearch(
  list: () => { search: string; page?: number },
  load: () => Promise<void>,
): (text: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (text) => {
    const current = list();
    current.search = text;
    if (current.page !== undefined) current.page = 1;
    clearTimeout(timer);
    timer = setTimeout(() => void load(), SEARCH_DELAY_MS);
  };
}

/** Choosing a status filter ('' for all): the list restarts at page 1 and loads. */
export function statusFilter<Status extends string>(
  list: () => { status: Status | ''; page: number },
  load: () => Promise<void>,
): (status: Status | '') => void {
  return (status) => {
    const current = list();
    current.status = status;
    current.page = 1;
    void load();
  };
}

/** The query of a list call: the page, its size, and the search and status when there are any. */
export function listQuery(
  { page, search, status }: { page: number; search: string; status?: string },
  perPage: number,
): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search.trim()) query.set('search', search.trim());
  if (status) query.set('status', status);
  return query;
}

type EmptyTexts = { none: string; noMatch: string; failed: string };

/** What a list shows in place of rows (null when it has rows): loading, a failed load, no match, or nothing yet. */
export function emptyListText(
  list: { rows: readonly unknown[]; loading: boolean; failed?: boolean; search: string; status?: string },
  texts: EmptyTexts,
): string | null {
  if (list.rows.length > 0) return null;
  if (list.loading) return 'Loading…';
  if (list.failed) return texts.failed;
  return list.search.trim() !== '' || Boolean(list.status) ? texts.noMatch : texts.none;
}
