/**
 * The sales pages are rendered with the whole catalogue they show (and rendered again on every save),
 * so loading one asks the API nothing: every /api request a visit makes is counted here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { PATHS, TRIAL_ANCHOR } from '../../contract/rules/paths';
import { launchBrowser } from '../browser-harness';
import { startServer } from '../harness';
import type { TestServer } from '../harness';
import { PHONE, openPublic } from './public-kit';

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

/** The pages that sell or explain; /lisensi and /prompts load the buyer's or the collection's data. */
const SALES_PAGES = [
  PATHS.home,
  PATHS.loopBot,
  `${PATHS.loopBot}#${TRIAL_ANCHOR}`,
  PATHS.loopStream,
  PATHS.tutorial,
  PATHS.help,
  PATHS.privacyPolicy,
  PATHS.termsOfUse,
];

for (const path of SALES_PAGES) {
  test(`${path}: no API call on load, every island hydrated and the page scrolled to its end`, async () => {
    const { page, context, problems } = await openPublic(browser, server, path, PHONE);
    const calls: string[] = [];
    // Requests made before openPublic returned are in the browser's own list too.
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    try {
      const earlier = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.startsWith('/api/')),
      );
      // Islands that wait for the screen hydrate on the way down.
      for (let step = 0; step < 40; step++) {
        const atEnd = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        if (atEnd) break;
      }
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-island]')].every((island) => island.hasAttribute('data-island-hydrated')),
      );
      await page.waitForLoadState('networkidle');
      assert.equal([...earlier, ...calls], [], `${path} asked the API`);
      assert.equal(problems, []);
    } finally {
      await context.close();
    }
  });
}

test.run();
