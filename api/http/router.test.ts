import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compilePattern, Router } from './router';

const noop = (): null => null;
const router = new Router([
  ['GET', '/api/license/list', noop],
  ['POST', '/api/license/extend/:id', noop],
  ['GET', '/api/license/download/:license_key', noop],
  ['DELETE', '/api/license/delete/:id', noop],
]);

test('compilePattern: one key per parameter segment', () => {
  assert.equal(compilePattern('/a/:x/b/:y').keys, ['x', 'y']);
});

test('find: params are decoded', () => {
  const match = router.find('GET', '/api/license/download/AB%20C');
  assert.is(match.kind, 'found');
  if (match.kind === 'found') assert.equal(match.params, { license_key: 'AB C' });
});

test('find: a parameter never spans segments', () => {
  assert.is(router.find('POST', '/api/license/extend/1/2').kind, 'not-found');
});

test('find: HEAD uses the GET route', () => {
  assert.is(router.find('HEAD', '/api/license/list').kind, 'found');
});

test('find: wrong method gives the allowed ones', () => {
  const match = router.find('PUT', '/api/license/delete/3');
  assert.equal(match, { kind: 'method-not-allowed', allowed: ['DELETE'] });
});

test('find: unknown path', () => {
  assert.is(router.find('GET', '/api/nothing').kind, 'not-found');
});

test('find: a static path behind an earlier parameter route still goes to the earlier route', () => {
  const first = (): string => 'first';
  const second = (): string => 'second';
  const shadowed = new Router([
    ['GET', '/api/item/:id', first],
    ['GET', '/api/item/list', second],
    ['GET', '/api/other/list', second],
  ]);
  const match = shadowed.find('GET', '/api/item/list');
  assert.ok(match.kind === 'found' && match.handler === first);
  const other = shadowed.find('GET', '/api/other/list');
  assert.ok(other.kind === 'found' && other.handler === second);
  assert.ok(shadowed.find('GET', '/api/other/list/').kind === 'found', 'a trailing slash still matches');
});

test.run();
