import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDays } from './dialogs';

test('parseDays: what the server takes (1 to 36500 whole days), else undefined', () => {
  const cases: Array<[text: string | null, days: number | undefined]> = [
    ['30', 30],
    [' 7 ', 7],
    ['36500', 36_500],
    ['36501', undefined],
    ['999999', undefined],
    ['0', undefined],
    ['-3', undefined],
    ['1.5', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['abc', undefined],
    [null, undefined],
  ];
  for (const [text, days] of cases) assert.is(parseDays(text), days, JSON.stringify(text));
});

test.run();
