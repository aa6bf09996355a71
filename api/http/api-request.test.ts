import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { queryInt } from './api-request';

test('queryInt: the leading digits as parseInt reads them, clamped; nothing readable is the fallback', () => {
  const cases: Array<[string | null | undefined, number]> = [
    ['3', 3],
    [' 4 ', 4],
    // The licence list once read these as "not a number" (1) while the prompt list read 5 and 2.
    ['5.9', 5],
    ['2abc', 2],
    ['abc', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
    ['-7', 1],
    ['0', 1],
    ['999', 100],
  ];
  for (const [text, expected] of cases) assert.is(queryInt(text, 1, 1, 100), expected, String(text));
});

test.run();
