import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeSearch, searchNeedle } from './search';

test('normalizeSearch: trims, lower-cases, drops the index separators U+0000 and U+0001', () => {
  assert.is(normalizeSearch('  LoFi '), 'lofi');
  assert.is(normalizeSearch('a\u0000b\u0001c'), 'abc');
  assert.is(normalizeSearch('\u0001 x \u0000'), 'x');
  assert.is(normalizeSearch('   '), '');
  assert.is(normalizeSearch('CAFÉ İ'), 'café i̇');
});

test('searchNeedle: the trimmed text cut to the limit, then normalised', () => {
  assert.is(searchNeedle('  LoFi  ', 200), 'lofi');
  assert.is(searchNeedle(`${' '.repeat(600)}LoFi`, 500), 'lofi');
  assert.is(searchNeedle(`AB${'c'.repeat(600)}`, 500), `ab${'c'.repeat(498)}`);
  assert.is(searchNeedle('abc   def', 4), 'abc');
  assert.is(searchNeedle('', 200), '');
});

test.run();
