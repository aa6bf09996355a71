import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakeTimers } from '../../../test/fake-timers';
import { debouncedSearch, emptyPagedList, goToPage, pagedLoader, SEARCH_DELAY_MS } from './paged-list';
import type { Page } from './paged-list';

const emptyList = emptyPagedList<string>;

test('pagedLoader: rows, total and pages from the answer; a failed load keeps the rows', async () => {
  const list = emptyList();
  let answer: Page<string> | undefined = { rows: ['a', 'b'], pages: 3, total: 5 };
  const load = pagedLoader(
    () => list,
    async () => answer,
  );
  await load();
  assert.equal([list.rows, list.total, list.pages, list.loading], [['a', 'b'], 5, 3, false]);
  answer = undefined;
  await load();
  assert.equal(list.rows, ['a', 'b']);
});

test('pagedLoader: the newest request wins over a slower older one', async () => {
  const list = emptyList();
  const pending: Array<(page: Page<string>) => void> = [];
  const load = pagedLoader(
    () => list,
    () => new Promise<Page<string>>((resolve) => pending.push(resolve)),
  );
  const first = load();
  const second = load();
  pending[1]!({ rows: ['new'], pages: 1, total: 1 });
  await second;
  pending[0]!({ rows: ['old'], pages: 1, total: 1 });
  await first;
  assert.equal(list.rows, ['new']);
});

test('pagedLoader: a page that no longer exists steps back to the last one', async () => {
  const list = { ...emptyList(), page: 3, pages: 3 };
  const asked: number[] = [];
  const load = pagedLoader(
    () => list,
    async ({ page }) => {
      asked.push(page);
      return page === 3 ? { rows: [], pages: 2, total: 100 } : { rows: ['last'], pages: 2, total: 100 };
    },
  );
  await load();
  assert.equal(asked, [3, 2]);
  assert.equal([list.page, list.rows], [2, ['last']]);
});

test('goToPage keeps the page between 1 and the last', () => {
  const list = { page: 1, pages: 4 };
  let loads = 0;
  for (const [wanted, expected] of [
    [9, 4],
    [0, 1],
    [3, 3],
  ] as const) {
    goToPage(list, wanted, async () => void loads++);
    assert.is(list.page, expected);
  }
  assert.is(loads, 3);
});

test('debouncedSearch: the text at once, page 1, one load after the pause', () => {
  const clock = installFakeTimers();
  try {
    const list = { ...emptyList(), page: 5 };
    let loads = 0;
    const search = debouncedSearch(
      () => list,
      async () => void loads++,
    );
    search('a');
    search('ab');
    assert.equal([list.search, list.page, loads], ['ab', 1, 0]);
    clock.tick(SEARCH_DELAY_MS);
    assert.is(loads, 1);
    const unpaged = { search: '' };
    debouncedSearch(
      () => unpaged,
      async () => void loads++,
    )('x');
    assert.equal(unpaged, { search: 'x' });
  } finally {
    clock.uninstall();
  }
});

test.run();
