import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheNames, precacheUrls, routeHtmlFile, staleCaches, strategyFor } from './sw-rules';
import type { Strategy } from './sw-rules';

const ORIGIN = 'http://127.0.0.1:3000';

test('precacheUrls: keeps the public build, drops the admin, maps and the worker', () => {
  const files = [
    '/index.html',
    '/prompts.html',
    '/help.html',
    '/404.html',
    '/admin.html',
    '/assets/site-ABCD1234.js',
    '/assets/site-ABCD1234.css',
    '/assets/chunk-EFGH5678.js',
    '/assets/admin-IJKL9012.js',
    '/assets/admin-IJKL9012.css',
    '/assets/site-ABCD1234.js.map',
    '/images/adsense.webp',
    '/favicon.svg',
    '/sw.js',
    '/robots.txt.gz',
  ];
  assert.equal(precacheUrls(files), [
    '/index.html',
    '/prompts.html',
    '/help.html',
    '/404.html',
    '/assets/site-ABCD1234.js',
    '/assets/site-ABCD1234.css',
    '/assets/chunk-EFGH5678.js',
    '/images/adsense.webp',
    '/favicon.svg',
  ]);
});

test('routeHtmlFile: routes map to their prerendered file', () => {
  const cases: Array<[string, string | undefined]> = [
    ['/', '/index.html'],
    ['/prompts', '/prompts.html'],
    ['/prompts/', '/prompts.html'],
    ['/help', '/help.html'],
    ['/privacy-policy', '/privacy-policy.html'],
    ['/favicon.svg', undefined],
    ['/assets/site-X.js', undefined],
  ];
  for (const [path, expected] of cases) assert.is(routeHtmlFile(path), expected, path);
});

test('strategyFor: table', () => {
  const cases: Array<[method: string, url: string, mode: string, expected: Strategy]> = [
    ['GET', '/prompts?q=lofi', 'navigate', 'page'],
    ['GET', '/help', 'navigate', 'page'],
    ['GET', '/', 'navigate', 'page'],
    ['GET', '/loopbot', 'cors', 'page'],
    ['GET', '/', 'same-origin', 'page'],
    ['GET', '/admin', 'navigate', 'none'],
    ['GET', '/admin', 'cors', 'none'],
    ['GET', '/admin/', 'navigate', 'none'],
    ['GET', '/admin.html', 'no-cors', 'none'],
    ['GET', '/api/prompt/list?page=1&per_page=12', 'cors', 'prompt-list'],
    ['GET', '/api/prompt/image/abc.webp', 'no-cors', 'prompt-image'],
    ['GET', '/api/admin/check', 'cors', 'none'],
    ['GET', '/api/license/list', 'cors', 'none'],
    ['GET', '/api/config/list', 'cors', 'none'],
    ['GET', '/api/prompt/listing', 'cors', 'none'],
    ['POST', '/api/prompt/create', 'cors', 'none'],
    ['DELETE', '/api/prompt/delete/1', 'cors', 'none'],
    ['POST', '/prompts', 'navigate', 'none'],
    ['GET', '/healthz', 'cors', 'none'],
    // A buyer's licences never stay on a shared phone: only the page shell (same for everyone) is kept.
    ['GET', '/lisensi', 'navigate', 'page'],
    ['GET', '/api/account', 'cors', 'none'],
    ['GET', '/api/account/check', 'cors', 'none'],
    ['GET', '/api/account/licenses/7/history', 'cors', 'none'],
    ['GET', '/api/account/licenses/7/download', 'navigate', 'none'],
    ['GET', '/api/account/loopstreams/7/download', 'no-cors', 'none'],
    ['GET', '/api/trial', 'cors', 'none'],
    ['GET', '/sw.js', 'same-origin', 'none'],
    ['GET', '/assets/site-ABCD1234.js', 'cors', 'static'],
    ['GET', '/images/adsense.webp', 'no-cors', 'static'],
    ['GET', 'https://i.ytimg.com/vi/x/hq.jpg', 'no-cors', 'none'],
  ];
  for (const [method, url, mode, expected] of cases) {
    assert.is(strategyFor({ method, url: new URL(url, ORIGIN).href, mode }, ORIGIN), expected, `${method} ${url}`);
  }
});

test('staleCaches: old versions of our caches only', () => {
  const current = Object.values(cacheNames('v2'));
  const old = Object.values(cacheNames('v1'));
  assert.equal(staleCaches([...old, ...current, 'someone-else'], 'v2'), old);
  assert.ok(current.every((name) => name.includes('v2')));
});

test.run();
