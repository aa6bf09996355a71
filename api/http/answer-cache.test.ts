import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AnswerCache } from './answer-cache';

const text = (body: { text: Buffer } | undefined): string | undefined => body?.text.toString();

test('AnswerCache: answers by key while the version stays; a new version drops everything', () => {
  const cache = new AnswerCache(10);
  assert.is(cache.get(1, 'a'), undefined);
  cache.set(1, 'a', { n: 1 });
  assert.is(text(cache.get(1, 'a')), '{"n":1}');
  assert.is(cache.get(2, 'a'), undefined, 'version moved');
  assert.is(cache.get(1, 'a'), undefined, 'and the old entries are gone');
});

test('AnswerCache: a value built at an old version is sent but not kept', () => {
  const cache = new AnswerCache(10);
  cache.get(5, 'x');
  assert.is(text(cache.set(4, 'x', { old: true })), '{"old":true}');
  assert.is(cache.get(5, 'x'), undefined);
});

test('AnswerCache: least recently used goes first past the capacity', () => {
  const cache = new AnswerCache(2);
  cache.get(1, 'a');
  cache.set(1, 'a', 'A');
  cache.set(1, 'b', 'B');
  cache.get(1, 'a');
  cache.set(1, 'c', 'C');
  assert.is(cache.get(1, 'b'), undefined);
  assert.is(text(cache.get(1, 'a')), '"A"');
  assert.is(text(cache.get(1, 'c')), '"C"');
});

test('AnswerCache: keep holds one serialized answer under a second key, for the same version only', () => {
  const cache = new AnswerCache(10);
  cache.get(1, 'query');
  const body = cache.set(1, 'query', { page: 1 });
  assert.is(cache.keep(1, 'address', body), body);
  assert.is(cache.get(1, 'address'), body, 'the very same bytes');
  assert.is(cache.get(2, 'address'), undefined, 'a new version drops it');
  cache.keep(1, 'address', body);
  assert.is(cache.get(2, 'address'), undefined, 'an answer of an old version is not kept');
});

test.run();
