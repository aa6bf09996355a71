import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOM, csvText, defuse } from './csv-text';

test('defuse: formula starts get a quote, other text and numbers stay', () => {
  const cases: [string | number | null, string | number][] = [
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+62 812', "'+62 812"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['Budi = Ani', 'Budi = Ani'],
    [-5, -5],
    [150000, 150000],
    [null, ''],
  ];
  for (const [input, expected] of cases) assert.is(defuse(input), expected, String(input));
});

test('csvText: BOM, CRLF rows, quotes doubled when needed', () => {
  const text = csvText(
    ['name', 'amount'],
    [
      ['Siti "Ani", Jkt', 150000],
      ['Ça\nva', null],
    ],
  );
  assert.ok(text.startsWith(BOM));
  assert.is(text, `${BOM}name,amount\r\n"Siti ""Ani"", Jkt",150000\r\n"Ça\nva",\r\n`);
});

test.run();
