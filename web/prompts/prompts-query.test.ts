import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPromptsQuery, parsePromptsQuery } from './prompts-query';

test('parsePromptsQuery: reads q and page, with defaults for missing or bad values', () => {
  const cases: Array<[string, { search: string; page: number }]> = [
    ['', { search: '', page: 1 }],
    ['?q=lofi', { search: 'lofi', page: 1 }],
    ['?q=lofi+musik&page=3', { search: 'lofi musik', page: 3 }],
    ['page=2', { search: '', page: 2 }],
    ['?page=0', { search: '', page: 1 }],
    ['?page=-4', { search: '', page: 1 }],
    ['?page=2.5', { search: '', page: 1 }],
    ['?page=abc', { search: '', page: 1 }],
    ['?q=%25_%26', { search: '%_&', page: 1 }],
  ];
  for (const [input, expected] of cases) assert.equal(parsePromptsQuery(input), expected, input);
});

test('formatPromptsQuery: leaves out defaults and round-trips', () => {
  assert.is(formatPromptsQuery({ search: '', page: 1 }), '');
  assert.is(formatPromptsQuery({ search: 'a b', page: 1 }), '?q=a+b');
  assert.is(formatPromptsQuery({ search: '', page: 4 }), '?page=4');
  for (const query of [
    { search: 'lagu & musik?', page: 7 },
    { search: '100% _x_', page: 2 },
  ]) {
    assert.equal(parsePromptsQuery(formatPromptsQuery(query)), query);
  }
});

test.run();
