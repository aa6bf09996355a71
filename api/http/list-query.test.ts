import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LICENSE_LIST, PAGE_MAX, PAGE_NUMBER_MAX, PROMPT_LIST } from '../../contract/rules/paging';
import { readListQuery, readSearch } from './list-query';

test('readListQuery: defaults by call, numbers clamped, never refused', () => {
  assert.equal(readListQuery({}, LICENSE_LIST), { page: 1, perPage: 100, search: '' });
  assert.equal(readListQuery({}, PROMPT_LIST), { page: 1, perPage: 12, search: '' });
  assert.equal(readListQuery({ page: '3', per_page: '25' }, PROMPT_LIST), { page: 3, perPage: 25, search: '' });
  assert.equal(readListQuery({ page: '0', per_page: '0' }, PROMPT_LIST), { page: 1, perPage: 1, search: '' });
  assert.equal(readListQuery({ page: '9'.repeat(20), per_page: '5000' }, PROMPT_LIST), {
    page: PAGE_NUMBER_MAX,
    perPage: PAGE_MAX,
    search: '',
  });
  assert.equal(readListQuery({ page: 'two', per_page: 'many' }, LICENSE_LIST), { page: 1, perPage: 100, search: '' });
});

test('readListQuery and readSearch: the search trimmed, cut to the call’s limit, lower-cased', () => {
  assert.is(readListQuery({ search: '  LoFi ' }, PROMPT_LIST).search, 'lofi');
  assert.is(readListQuery({ search: 'x'.repeat(600) }, LICENSE_LIST).search.length, 200);
  assert.is(readListQuery({ search: 'x'.repeat(600) }, PROMPT_LIST).search.length, 500);
  assert.is(readSearch({ search: ' Server\u0001A ' }, 200), 'servera');
  assert.is(readSearch({}, 200), '');
});

test.run();
