import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countCombinations, parseSpintax, spin } from './spintax';
import type { SpintaxNode } from './spintax';

function nodes(text: string): SpintaxNode[] {
  const result = parseSpintax(text);
  if (!result.ok) throw new Error(result.error);
  return result.nodes;
}

test('countCombinations multiplies groups and adds nested options', () => {
  const cases: Array<[string, number]> = [
    ['tanpa spintax', 1],
    ['{a|b|c}', 3],
    ['{a|b} dan {c|d|e}', 6],
    ['{Halo|Hai {kak|bro}}!', 3],
    ['{a|}', 2],
    ['{}', 1],
  ];
  for (const [text, expected] of cases) assert.is(countCombinations(nodes(text)), expected, text);
});

test('spin returns only texts the template allows', () => {
  const allowed = new Set(['Halo kak!', 'Halo bro!', 'Hai kak!', 'Hai bro!', 'Selamat pagi!']);
  let seed = 1;
  const random = (): number => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const seen = new Set<string>();
  for (let round = 0; round < 200; round++) seen.add(spin(nodes('{{Halo|Hai} {kak|bro}|Selamat pagi}!'), random));
  for (const text of seen) assert.ok(allowed.has(text), text);
  assert.is(seen.size, 5);
});

test('parseSpintax reports unbalanced braces with their position', () => {
  const open = parseSpintax('Halo {kak|bro');
  assert.equal(open.ok, false);
  if (!open.ok) assert.is(open.position, 5);
  const close = parseSpintax('Halo kak|bro}');
  assert.equal(close.ok, false);
  if (!close.ok) assert.is(close.position, 12);
  assert.ok(parseSpintax('a | b tanpa kurung').ok);
});

test.run();
