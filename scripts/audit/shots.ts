/**
 * `npm run shots`: full-page screenshots of every public route at 390 px and 1280 px into shots/,
 * taken from the existing build (BUILD_OUT or dist) served on 127.0.0.1. Nothing leaves the machine.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser } from '../../test/browser-harness';
import { startServer } from '../../test/harness';
import { PAGE_META } from '../../web/content/page-meta';

/** Every public page (the sitemap's list), and a path no page has (the 404 page). */
const ROUTES = [...PAGE_META.map((meta) => meta.path), '/tidak-ada'];
const WIDTHS = (process.env.SHOT_WIDTHS ?? '390,1280').split(',').map(Number);
const OUT = 'shots';
const only = process.argv.slice(2);

const server = await startServer();
const browser = await launchBrowser();
try {
  await mkdir(OUT, { recursive: true });
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await context.route('**/*', (route) =>
      route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
    );
    const page = await context.newPage();
    for (const path of ROUTES.filter((route) => only.length === 0 || only.includes(route))) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
        timeout: 10_000,
      });
      // Lazy images load only near the viewport: bring each into view first.
      await page.evaluate(async () => {
        for (const image of document.querySelectorAll('img')) image.loading = 'eager';
        await Promise.all(
          [...document.images].map((image) =>
            image.complete ? null : new Promise((done) => (image.onload = image.onerror = done)),
          ),
        );
      });
      const name = (path === '/' ? 'home' : path.slice(1)) + `-${width}.png`;
      await page.screenshot({ path: join(OUT, name), fullPage: true });
      console.log(`${OUT}/${name}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
