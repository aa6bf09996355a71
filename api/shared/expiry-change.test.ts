import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expiryMove, extendedExpiry } from './expiry-change';

const NOW = '2026-03-01T10:00:00.000Z';

test('extendedExpiry: days count from the later of now and the expiry', () => {
  const cases: Array<[current: string, days: number, expected: string]> = [
    ['2026-04-01T10:00:00.000Z', 30, '2026-05-01T10:00:00.000Z'],
    ['2026-01-01T00:00:00.000Z', 30, '2026-03-31T10:00:00.000Z'],
    [NOW, 1, '2026-03-02T10:00:00.000Z'],
  ];
  for (const [current, days, expected] of cases) assert.is(extendedExpiry(current, NOW, days), expected, current);
});

test('expiryMove: an extension follows extendedExpiry and says when it counted from now', () => {
  for (const current of ['2026-04-01T10:00:00.000Z', '2026-01-01T00:00:00.000Z']) {
    const move = expiryMove(30, 'extend', NOW);
    const next = move.next(current);
    assert.is(next, extendedExpiry(current, NOW, 30));
    assert.is(move.message('License', next, 'UTC').includes('from now (it had expired)'), current < NOW, current);
  }
  assert.is(expiryMove(10, 'shorten', NOW).next('2026-04-01T10:00:00.000Z'), '2026-03-22T10:00:00.000Z');
});

test.run();
