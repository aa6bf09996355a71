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
    ["Budi;=cmd|' /C calc'!A0", "Budi;'=cmd|' /C calc'!A0"],
    ['Budi,+62 812', "Budi,'+62 812"],
    ['a; "=1"', `a;' "=1"`],
    ['1;2, 3', '1;2, 3'],
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

/** A line split as Excel does with `separator` as its list separator: quotes count only at a field's start. */
function excelCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let index = 0;
  while (index <= line.length) {
    if (line[index] === '"') {
      let value = '';
      index++;
      while (index < line.length) {
        if (line[index] === '"' && line[index + 1] === '"') ((value += '"'), (index += 2));
        else if (line[index] === '"') break;
        else value += line[index++];
      }
      const end = line.indexOf(separator, index);
      cells.push(value + line.slice(index + 1, end === -1 ? line.length : end));
      index = end === -1 ? line.length + 1 : end + 1;
    } else {
      const end = line.indexOf(separator, index);
      cells.push(line.slice(index, end === -1 ? line.length : end));
      index = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

test('csvText read with either separator: no cell starts a formula', () => {
  const hostile = [
    "Budi;=cmd|' /C calc'!A0",
    'Ani,=HYPERLINK("http://x")',
    'Siti; "+SUM(1)"',
    '@A1;-2,=3',
    '0812 3456',
  ];
  const text = csvText(
    ['a', 'b'],
    [
      [hostile[0]!, hostile[1]!],
      [hostile[2]!, 12],
      [hostile[3]!, hostile[4]!],
    ],
  );
  for (const separator of [',', ';']) {
    for (const line of text.slice(BOM.length).split('\r\n').filter(Boolean)) {
      for (const cell of excelCells(line, separator)) {
        assert.not.match(cell.trimStart(), /^[=+\-@\t\r]/, `${separator}: ${JSON.stringify(cell)} in ${line}`);
      }
    }
  }
});

test.run();
