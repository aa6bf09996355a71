import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTarget } from './request-target';

/** What URL parsing makes of a target: the rule the fast split must never differ from. */
function byUrl(target: string): { path: string; query: string } {
  const url = target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target, 'http://localhost');
  return { path: url.pathname, query: url.search.slice(1) };
}

test('parseTarget: plain targets split as URL parsing would', () => {
  for (const target of [
    '/',
    '/loopbot',
    '/assets/site-AB12CD34.js',
    '/api/prompt/list?page=2&per_page=12',
    '/api/prompt/list?search=piano+dan',
    '/a/b/',
    '/x?',
    '/.well-known/x',
  ]) {
    assert.equal(parseTarget(target), byUrl(target), target);
  }
});

test('parseTarget: dot segments, escapes and odd targets go through URL parsing', () => {
  assert.equal(parseTarget('/assets/../index.html'), { path: '/index.html', query: '' });
  assert.equal(parseTarget('/a/./b'), { path: '/a/b', query: '' });
  assert.equal(parseTarget('/caf%C3%A9'), { path: '/caf%C3%A9', query: '' });
  assert.equal(parseTarget('/search?q=a b#frag'), byUrl('/search?q=a b#frag'));
  assert.equal(parseTarget('//evil.example/x'), { path: '//evil.example/x', query: '' });
  assert.equal(parseTarget('?x=1'), { path: '/', query: 'x=1' });
  assert.equal(parseTarget(undefined), { path: '/', query: '' });
  assert.equal(parseTarget('http://[bad'), { path: '/', query: '' });
});

test.run();
