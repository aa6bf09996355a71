import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { clampPage, pageCount } from './paging';

test('pageCount: whole pages, at least one', () => {
  const cases: Array<[total: number, perPage: number, pages: number]> = [
    [0, 12, 1],
    [1, 12, 1],
    [12, 12, 1],
    [13, 12, 2],
    [100, 100, 1],
    [101, 100, 2],
    [250, 50, 5],
  ];
  for (const [total, perPage, pages] of cases) assert.is(pageCount(total, perPage), pages, `${total}/${perPage}`);
});

test('clampPage: a page that exists', () => {
  const cases: Array<[page: number, pages: number, clamped: number]> = [
    [1, 3, 1],
    [3, 3, 3],
    [9, 3, 3],
    [0, 3, 1],
    [-4, 3, 1],
    [2.7, 3, 2],
    [5, 0, 1],
  ];
  for (const [page, pages, clamped] of cases) assert.is(clampPage(page, pages), clamped, `${page} of ${pages}`);
});

test.run();
