export type PageItem = number | '...';

/**
 * The page buttons of docs/spec.md#paging: the first and last page, the current one and its neighbours;
 * a page exactly two away from the current one (and neither first nor last) shows as '...';
 * every other page is left out.
 */
export function paginationNumbers(current: number, pages: number): PageItem[] {
  const items: PageItem[] = [];
  for (let page = 1; page <= pages; page++) {
    if (page === 1 || page === pages || Math.abs(page - current) <= 1) items.push(page);
    else if (Math.abs(page - current) === 2) items.push('...');
  }
  return items;
}
