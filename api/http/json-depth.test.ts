import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

test('nestsDeeperThan counts arrays and objects, not brackets inside texts', () => {
  const levels = (count: number): string => '['.repeat(count) + ']'.repeat(count);
  assert.not.ok(nestsDeeperThan(levels(MAX_JSON_DEPTH)));
  assert.ok(nestsDeeperThan(levels(MAX_JSON_DEPTH + 1)));
  assert.ok(nestsDeeperThan(`{"a":${levels(10_000)}}`));
  assert.not.ok(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2));
  assert.not.ok(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 2), 'an escaped quote does not end the text');
  assert.not.ok(nestsDeeperThan('{"a":{"b":[1,{"c":2}]},"d":[]}', 4));
  assert.ok(nestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 4));
});

test.run();
