import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDays } from './durations';

test("readDays, the server's check and the admin's prompt alike: 1 to 36500 whole days, else undefined", () => {
  const cases: Array<[text: unknown, days: number | undefined]> = [
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
  for (const [text, days] of cases) assert.is(readDays(text), days, JSON.stringify(text));
});

test.run();
