import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { revealDelta } from './reveal-while-typing';
import type { RevealGeometry } from './reveal-while-typing';

// A 390x844 phone with its 64 px sticky header; the search field at 348-404 px.
const PHONE: RevealGeometry = {
  fieldTop: 348,
  fieldBottom: 404,
  targetBottom: 600,
  visibleTop: 64,
  visibleBottom: 844,
};

test('revealDelta scrolls only as far as needed, never pushing the field under the header', () => {
  const cases: Array<[string, Partial<RevealGeometry>, number]> = [
    ['the first match already shows', {}, 0],
    ['the first match at 1057 of 844', { targetBottom: 1057 }, 225],
    ['a keyboard leaves 460 px', { visibleBottom: 460 }, 152],
    ['far below: as far as the field allows', { targetBottom: 3000 }, 272],
    ['the field already at the top', { fieldTop: 76, fieldBottom: 132, targetBottom: 2000 }, 0],
    [
      'the field scrolled out above: the user reads elsewhere',
      { fieldTop: -400, fieldBottom: -344, targetBottom: 2000 },
      0,
    ],
    ['the field under the header', { fieldTop: 10, fieldBottom: 60, targetBottom: 2000 }, 0],
    ['the field out below', { fieldTop: 900, fieldBottom: 956, targetBottom: 1200 }, 0],
  ];
  for (const [name, change, expected] of cases) assert.is(revealDelta({ ...PHONE, ...change }), expected, name);
});

test.run();
