import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CallSpec } from '../contract/calls/call';
import { CALLS } from '../contract/calls/calls';
import { checkFields } from '../contract/calls/check-fields';
import { brokenObject, plausible } from './fuzz-values';
import type { Dice } from './fuzz-values';
import { seededRandom } from './fuzz-requests';

const random = seededRandom(7);
const int = (max: number): number => Math.floor(random() * max);
const dice: Dice = { int, pick: (items) => items[int(items.length)]! };
const ALL_CALLS: readonly CallSpec[] = CALLS;
const schemasOf = (kind: 'body' | 'query') =>
  ALL_CALLS.flatMap((call) => (call[kind] ? [[call.id, call[kind]] as const] : []));

test('plausible: every call’s body and query pass the contract’s checks in most draws', () => {
  for (const [id, schema] of [...schemasOf('body'), ...schemasOf('query')]) {
    const passed = Array.from(
      { length: 20 },
      () => checkFields(schema, plausible(schema, dice) as Record<string, unknown>).ok,
    ).filter(Boolean).length;
    assert.ok(passed >= 10, `${id}: ${passed} of 20 plausible values passed`);
  }
});

test('brokenObject: the checks refuse a good share of the broken bodies of each call', () => {
  for (const [id, schema] of schemasOf('body')) {
    const refused = Array.from({ length: 40 }, () => checkFields(schema, brokenObject(schema, dice)).ok).filter(
      (ok) => !ok,
    ).length;
    assert.ok(refused >= 8, `${id}: ${refused} of 40 broken bodies refused`);
  }
});

test.run();
