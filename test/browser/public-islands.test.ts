/**
 * Islands: React hydrates the islands of a public page and nothing else, a page fetches only its
 * islands' code, and a hydration mismatch is reported naming its island.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { PageChunks } from '../../contract/build-manifest';
import { PAGE_META } from '../../web/content/page-meta';
import { launchBrowser } from '../browser-harness';
import { startServer } from '../harness';
import type { TestServer } from '../harness';

let server: TestServer;
let browser: Browser;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

const ROUTES = PAGE_META.map((meta) => ({ path: meta.path }));

test("islands: React owns the islands' content and nothing else; a page fetches only its islands' code", async () => {
  for (const route of ROUTES) {
    // Service workers blocked: every script the page fetches is seen here.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto(server.url + route.path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
      const owned = await page.evaluate(() => {
        // No named helpers in here: the test's compiler would wrap them in a function the page lacks.
        const elements = [...document.querySelectorAll('#root *')].map((element) => ({
          element,
          react: Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
        }));
        return {
          outside: elements
            .filter((item) => item.react && !item.element.closest('[data-island]'))
            .map((item) => `${item.element.tagName}.${item.element.className}`),
          inside: elements.filter((item) => item.react && item.element.matches('[data-island] *')).length,
          islands: [...document.querySelectorAll('[data-island]')].map((element) =>
            element.getAttribute('data-island'),
          ),
          hydrated: document.querySelectorAll('[data-island][data-island-hydrated]').length,
        };
      });
      assert.equal(owned.outside, [], `${route.path}: static content left to the server's HTML`);
      assert.ok(owned.inside > 0, `${route.path}: its islands are hydrated`);
      assert.is(owned.hydrated, owned.islands.length, `${route.path}: every island hydrated`);
      const chunks = JSON.parse((await page.locator('#page-chunks').textContent()) ?? '') as PageChunks;
      assert.equal(Object.keys(chunks.islands), [...new Set(owned.islands)], `${route.path}: the code of its islands`);
      const allowed = new Set([chunks.main, ...chunks.preload, ...Object.values(chunks.islands).flat()]);
      assert.equal(
        scripts.filter((path) => !allowed.has(path)),
        [],
        `${route.path}: no script beyond its islands'`,
      );
    } finally {
      await context.close();
    }
  }
});

test('a hydration mismatch is reported naming its island, and the other islands still hydrate', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // The header island's HTML no longer matches what its component renders.
  await page.route(`${server.url}/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('>Coba Gratis</a>', '>Coba Gratis Sekarang</a>');
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, body: html, headers });
  });
  try {
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
    assert.ok(
      problems.some((problem) => problem.startsWith('island site-header:')),
      `reported: ${JSON.stringify(problems)}`,
    );
    assert.ok(
      problems.every((problem) => problem.startsWith('island site-header:')),
      'only that island',
    );
    assert.is(await page.locator('[data-island-hydrated]').count(), await page.locator('[data-island]').count());
  } finally {
    await context.close();
  }
});

test.run();
