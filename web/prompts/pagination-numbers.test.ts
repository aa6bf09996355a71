import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { paginationNumbers } from './pagination-numbers';
import type { PageItem } from './pagination-numbers';

const CASES: Array<[current: number, pages: number, expected: PageItem[]]> = [
  [1, 1, [1]],
  [1, 2, [1, 2]],
  [2, 2, [1, 2]],
  [1, 3, [1, 2, 3]],
  [2, 3, [1, 2, 3]],
  [3, 3, [1, 2, 3]],
  [1, 4, [1, 2, '...', 4]],
  [2, 4, [1, 2, 3, 4]],
  [3, 4, [1, 2, 3, 4]],
  [4, 4, [1, '...', 3, 4]],
  [1, 5, [1, 2, '...', 5]],
  [2, 5, [1, 2, 3, '...', 5]],
  [3, 5, [1, 2, 3, 4, 5]],
  [4, 5, [1, '...', 3, 4, 5]],
  [5, 5, [1, '...', 4, 5]],
  [1, 10, [1, 2, '...', 10]],
  [2, 10, [1, 2, 3, '...', 10]],
  [3, 10, [1, 2, 3, 4, '...', 10]],
  [4, 10, [1, '...', 3, 4, 5, '...', 10]],
  [5, 10, [1, '...', 4, 5, 6, '...', 10]],
  [7, 10, [1, '...', 6, 7, 8, '...', 10]],
  [8, 10, [1, '...', 7, 8, 9, 10]],
  [9, 10, [1, '...', 8, 9, 10]],
  [10, 10, [1, '...', 9, 10]],
  [50, 100, [1, '...', 49, 50, 51, '...', 100]],
];

test('paginationNumbers: table', () => {
  for (const [current, pages, expected] of CASES) {
    assert.equal(paginationNumbers(current, pages), expected, `page ${current} of ${pages}`);
  }
});

test('paginationNumbers: no pages gives nothing', () => {
  assert.equal(paginationNumbers(1, 0), []);
});

test('paginationNumbers: rules hold for every current page of 1..30 pages', () => {
  for (let pages = 1; pages <= 30; pages++) {
    for (let current = 1; current <= pages; current++) {
      const items = paginationNumbers(current, pages);
      const numbers = items.filter((item): item is number => item !== '...');
      const label = `page ${current} of ${pages}`;
      assert.is(numbers[0], 1, label);
      assert.is(numbers[numbers.length - 1], pages, label);
      for (const near of [current - 1, current, current + 1]) {
        if (near >= 1 && near <= pages) assert.ok(numbers.includes(near), `${label}: ${near} shown`);
      }
      for (let index = 1; index < numbers.length; index++) assert.ok(numbers[index]! > numbers[index - 1]!, label);
      for (const number of numbers) {
        assert.ok(number === 1 || number === pages || Math.abs(number - current) <= 1, `${label}: ${number} allowed`);
      }
      // A '...' stands exactly where page current±2 would be, so there are at most two.
      const gaps = items.filter((item) => item === '...').length;
      const expectedGaps = [current - 2, current + 2].filter((page) => page > 1 && page < pages).length;
      assert.is(gaps, expectedGaps, `${label}: gaps`);
      assert.ok(items.length <= 7, label);
    }
  }
});

test.run();
