import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page, Request } from 'playwright-core';
import type { BuildManifest } from '../../contract/build-manifest';
import { PATHS, PUBLIC_PAGES } from '../../contract/rules/paths';
import type { PublicPage } from '../../contract/rules/paths';
import { launchBrowser } from '../browser-harness';
import { startServer } from '../harness';
import type { TestServer } from '../harness';

/** Each public page's main heading: a page added to PATHS fails the type check until it has one here. */
const HEADINGS: Record<PublicPage, RegExp> = {
  home: /Channel YouTube Anda online 24\/7/,
  loopBot: /LoopBOT: jadwalkan dan jalankan live/,
  loopStream: /LoopStream: live YouTube 24\/7/,
  prompts: /Prompt/,
  tutorial: /Panduan lengkap memakai LoopBOT/,
  help: /Ada yang bisa kami bantu\?/,
  privacyPolicy: /Kebijakan Privasi/,
  termsOfUse: /Syarat Penggunaan/,
  licenses: /Lisensi Saya/,
};
const ROUTES = PUBLIC_PAGES.map((page) => ({ path: PATHS[page], heading: HEADINGS[page] }));

let server: TestServer;
let browser: Browser;
let manifest: BuildManifest;

/** Blocks every request that leaves our server, and records the problems the page reports. */
async function openPage(
  options: { width?: number; serviceWorkers?: 'block' } = {},
): Promise<{ page: Page; problems: string[]; requests: string[]; quiet: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  const open = new Set<Request>();
  let onSettled = (): void => undefined;
  await page.route('**/*', (route) =>
    route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
  );
  page.on('request', (request) => {
    requests.push(request.url());
    open.add(request);
  });
  const settle = (request: Request): void => {
    open.delete(request);
    onSettled();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  /**
   * The page's work after hydration is done: its service worker ready (the entry's last step),
   * every request it made answered, and a frame drawn since.
   */
  const quiet = async (): Promise<void> => {
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null, { timeout: 15_000 });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
    );
    while (open.size > 0) await new Promise<void>((resolve) => (onSettled = resolve));
  };
  return { page, problems, requests, quiet };
}

/**
 * Every request the page started so far has been reported: without a service worker between, the
 * page's requests go out in order, so once a marker request sent after the next frames is seen,
 * any earlier one was seen too.
 */
async function requestsSoFar(page: Page): Promise<void> {
  const marker = `/robots.txt?marker=${Date.now()}`;
  const seen = page.waitForEvent('request', (request) => request.url().endsWith(marker));
  await page.evaluate(async (path) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));
    await fetch(path);
  }, marker);
  await seen;
}

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  manifest = JSON.parse(
    await readFile(join(process.env.BUILD_OUT || 'dist', 'manifest.json'), 'utf8'),
  ) as BuildManifest;
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

test('every public route answers 200 with its main heading already in the prerendered HTML', async () => {
  for (const route of ROUTES) {
    const response = await fetch(server.url + route.path);
    assert.is(response.status, 200, route.path);
    const html = await response.text();
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
    assert.match(h1.replace(/<[^>]+>/g, ''), route.heading, route.path);
    assert.match(html, /<html lang="id">/);
    // The harness's server runs at PUBLIC_URL's default (test/http/public-url-pages.test.ts sets one).
    assert.ok(
      html.includes(`<link rel="canonical" href="http://localhost:3000${route.path}">`),
      `${route.path}: canonical`,
    );
    assert.match(html, /<meta property="og:title"/);
    assert.not.match(html, /<script>(?!<)/, `${route.path}: no inline executable script`);
  }
  const missing = await fetch(`${server.url}/halaman-yang-tidak-ada`);
  assert.is(missing.status, 404);
  assert.match(await missing.text(), /Halaman tidak ditemukan/);
});

test('product pages carry JSON-LD Product offers in IDR; sitemap, robots and admin shell are right', async () => {
  for (const [path, offers, price] of [
    ['/loopbot', 6, '150000'],
    ['/loopstream', 3, '275000'],
  ] as const) {
    const html = await (await fetch(server.url + path)).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    assert.ok(json, path);
    const data = JSON.parse(json!) as { '@type': string; offers: Array<{ price: string; priceCurrency: string }> };
    assert.is(data['@type'], 'Product');
    assert.is(data.offers.length, offers);
    assert.ok(data.offers.every((offer) => offer.priceCurrency === 'IDR'));
    assert.ok(data.offers.some((offer) => offer.price === price));
  }
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  for (const route of ROUTES) assert.ok(sitemap.includes(`${route.path}</loc>`), route.path);
  assert.not.ok(sitemap.includes('/admin'));
  const robots = await (await fetch(`${server.url}/robots.txt`)).text();
  assert.match(robots, /^Disallow: \/admin$/m);
  assert.match(robots, /^Disallow: \/api\/$/m);
  const admin = await (await fetch(`${server.url}/admin`)).text();
  assert.match(admin, /<meta name="robots" content="noindex">/);
  assert.match(admin, /<title>Admin Dashboard<\/title>/);
  assert.not.match(admin, /site-header|site-footer/);
  assert.ok(admin.includes(manifest.entries['web/admin/entry.tsx']!.js));
  assert.is((await fetch(`${server.url}/favicon.svg`)).status, 200);
  assert.is((await fetch(`${server.url}/site.webmanifest`)).status, 200);
  for (const image of ['/images/adsense-earnings.webp', '/images/adsense-earnings.png', '/images/og-image.png']) {
    assert.is((await fetch(server.url + image)).status, 200, image);
  }
});

test('every route hydrates without console errors or hydration warnings', async () => {
  for (const route of [...ROUTES, { path: '/tidak-ada', heading: /Halaman tidak ditemukan/ }]) {
    const { page, problems, quiet } = await openPage();
    try {
      await page.goto(server.url + route.path, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
        timeout: 10_000,
      });
      assert.match((await page.getByRole('heading', { level: 1 }).textContent()) ?? '', route.heading, route.path);
      await quiet();
      // The unknown page's own 404 status is the one expected "failed resource".
      const expectedIndex =
        route.path === '/tidak-ada' ? problems.findIndex((problem) => /status of 404/.test(problem)) : -1;
      assert.equal(
        problems.filter((_, index) => index !== expectedIndex),
        [],
        route.path,
      );
    } finally {
      await page.context().close();
    }
  }
});

test('no route scrolls sideways or reports a problem between 320 px and 1440 px', async () => {
  for (const width of [320, 390, 768, 1024, 1440]) {
    const { page, problems } = await openPage({ width });
    try {
      for (const route of ROUTES) {
        await page.goto(server.url + route.path, { waitUntil: 'load' });
        await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `${route.path} at ${width}px overflows by ${overflow}px`);
      }
      assert.equal(problems, [], `at ${width}px`);
    } finally {
      await page.context().close();
    }
  }
});

test('the prompt and admin code is never downloaded on other public pages', async () => {
  const prompts = manifest.entries['web/prompts/prompts-view.tsx']?.js;
  const admin = manifest.entries['web/admin/entry.tsx']?.js;
  assert.ok(prompts && admin);
  for (const route of ROUTES.filter((item) => item.path !== '/prompts')) {
    const { page, requests } = await openPage({ serviceWorkers: 'block' });
    try {
      await page.goto(server.url + route.path, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
      // Even hovering and focusing the header link must not fetch it ahead of a click.
      await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Prompt AI' }).hover();
      await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Prompt AI' }).focus();
      await requestsSoFar(page);
      const paths = requests.map((url) => new URL(url).pathname);
      assert.not.ok(paths.includes(prompts), `${route.path} loaded the prompts island`);
      assert.not.ok(paths.includes(admin), `${route.path} loaded the admin bundle`);
    } finally {
      await page.context().close();
    }
  }
});

test('a link loads the next page whole: at the top, with its title, its heading and its islands', async () => {
  const { page, problems } = await openPage();
  try {
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.locator('footer').getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL('**/help');
    await page.getByRole('heading', { level: 1, name: 'Ada yang bisa kami bantu?' }).waitFor();
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
    assert.is(await page.evaluate(() => window.scrollY), 0);
    assert.match(await page.title(), /Help Center/);
    await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Prompt AI' }).click();
    await page.waitForURL('**/prompts');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The prompt page's own stylesheet comes inline with its HTML.
    for (const href of manifest.modules['web/pages/prompts.tsx']?.css ?? []) {
      assert.is(await page.locator(`style[data-href="${href}"]`).count(), 1, href);
    }
    assert.equal(problems, []);
  } finally {
    await page.context().close();
  }
});

test.run();
