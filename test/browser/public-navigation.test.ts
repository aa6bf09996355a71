/**
 * Moving between public pages and typing early: a page reached by a link opens with the phone
 * menu closed and shows its own part of the catalogue; text typed into a search box, or a tap, before its island hydrates
 * is kept and applied, on a CPU four times slower (the island's code held back until then), and
 * the searches work offline from the service worker.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { LAPTOP, PHONE, openPublic, shot } from './public-kit';

let server: TestServer;
let browser: Browser;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const cookie = await loginCookie(server.url);
  for (const title of ['Lofi Santai', 'Musik Hujan', 'Jazz Pagi']) {
    const form = new FormData();
    form.set('title', title);
    form.set('prompt_template', `Template ${title}`);
    const answer = await call(server.url, 'POST', '/api/prompt/create', { body: form, cookie });
    assert.is(answer.status, 200, answer.text);
  }
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

const hydrated = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, { timeout: 60_000 });

test('phone: a footer link tapped with the menu open opens the next page with the menu closed', async () => {
  const { page, context, problems } = await openPublic(browser, server, '/', PHONE);
  try {
    const toggle = page.locator('.menu-toggle');
    await toggle.tap();
    assert.is(await toggle.getAttribute('aria-expanded'), 'true');
    await page.locator('.site-footer').getByRole('link', { name: 'Tutorial' }).tap();
    await page.waitForURL(`${server.url}/tutorial`);
    await page.locator('main h1').waitFor();
    assert.is(await toggle.getAttribute('aria-expanded'), 'false', 'the menu closed');
    assert.ok(await page.locator('#mobile-menu').isHidden());
    await shot(page, 'navigation-menu-closed-390');
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`${viewport.width} px: a link opens the next page with its own prices, contacts and videos from its own data`, async () => {
    const { page, context, problems } = await openPublic(browser, server, '/', viewport);
    try {
      await page.evaluate(() => document.querySelector('.site-footer a[href="/loopbot"]')?.scrollIntoView());
      await page.locator('.site-footer a[href="/loopbot"]').click();
      await page.waitForURL(`${server.url}/loopbot`);
      await page.getByText('Rp 150.000', { exact: true }).waitFor();
      assert.ok((await page.locator('.video-frame[data-video-id]').count()) > 0);
      assert.match(await page.title(), /Harga mulai Rp 24\.000/);
      await page.locator('.site-footer a[href="/help"]').click();
      await page.waitForURL(`${server.url}/help`);
      await page.getByRole('searchbox', { name: 'Cari bantuan' }).fill('Trial 4 Hari');
      await page
        .getByText(/seharga Rp 24\.000/)
        .first()
        .waitFor({ state: 'attached' });
      assert.equal(problems, []);
    } finally {
      await context.close();
    }
  });
}

/** A context on a CPU four times slower (CDP), that never reaches beyond our server. */
async function slowContext(options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    timezoneId: 'Asia/Jakarta',
    hasTouch: true,
    isMobile: true,
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  context.setDefaultTimeout(60_000);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
  );
  return context;
}

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** The URL of an island's own chunk, as the page names it (its JSON block of chunks). */
async function islandChunk(path: string, island: string): Promise<string> {
  const html = await (await fetch(server.url + path)).text();
  const block = /<script type="application\/json" id="page-chunks">([^<]*)<\/script>/.exec(html);
  const chunks = JSON.parse(block![1]!) as { islands: Record<string, string[]> };
  const first = chunks.islands[island]?.[0];
  assert.ok(first, `${path} names the chunk of its ${island} island`);
  return server.url + first;
}

/**
 * Holds back one island's chunk until `release` is called, so the island cannot hydrate before
 * then, whatever the machine's speed (the context blocks service workers: every request is seen).
 */
async function holdIsland(context: BrowserContext, path: string, island: string): Promise<{ release: () => void }> {
  const url = await islandChunk(path, island);
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const islandHydrated = (page: Page, island: string): Promise<boolean> =>
  page.evaluate(
    (name) => document.querySelector(`[data-island="${name}"]`)?.hasAttribute('data-island-hydrated') ?? false,
    island,
  );

/** The two search boxes: what each must show once hydrated. */
const SEARCHES: Array<{
  path: string;
  island: string;
  field: string;
  text: string;
  check: (page: Page) => Promise<void>;
}> = [
  {
    path: '/help',
    island: 'help-search',
    field: '#help-search',
    text: 'zzqxv',
    check: async (page) => {
      await page.getByText('Tidak ditemukan hasil').waitFor();
      assert.is(await page.locator('#help-search').inputValue(), 'zzqxv');
    },
  },
  {
    path: '/prompts',
    island: 'prompts',
    field: '#prompts-search-input',
    text: 'hujan',
    check: async (page) => {
      await page.waitForFunction(() => {
        const cards = [...document.querySelectorAll('.prompts-card')];
        return cards.length === 1 && cards[0]!.textContent!.includes('Musik Hujan');
      });
      assert.is(await page.locator('#prompts-search-input').inputValue(), 'hujan', 'the typed text stays');
      assert.match(page.url(), /q=hujan/);
    },
  },
];

for (const search of SEARCHES) {
  test(`CPU 4x slower: text typed into ${search.path}'s search before its island hydrates is kept and searched`, async () => {
    const context = await slowContext({ serviceWorkers: 'block' });
    try {
      const gate = await holdIsland(context, search.path, search.island);
      const page = await slowPage(context);
      await page.goto(server.url + search.path, { waitUntil: 'commit' });
      await page.locator(search.field).waitFor({ state: 'visible' });
      await page.locator(search.field).focus();
      await page.keyboard.type(search.text);
      assert.not.ok(await islandHydrated(page, search.island), 'typed while the island still waited for its code');
      gate.release();
      await hydrated(page);
      await search.check(page);
    } finally {
      await context.close();
    }
  });

  test(`CPU 4x slower, offline after a first visit: ${search.path}'s search works from the service worker`, async () => {
    const context = await slowContext();
    try {
      const online = await slowPage(context);
      await online.goto(server.url + search.path);
      await hydrated(online);
      await online.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      await online.close();
      await context.setOffline(true);
      const offline = await slowPage(context);
      await offline.goto(server.url + search.path, { waitUntil: 'commit' });
      await offline.locator(search.field).waitFor({ state: 'visible' });
      await offline.locator(search.field).focus();
      await offline.keyboard.insertText(search.text);
      await hydrated(offline);
      await search.check(offline);
      await shot(offline, `typed-early${search.path.replace('/', '-')}-390`);
    } finally {
      await context.close();
    }
  });
}

test('CPU 4x slower: a tap on an FAQ question before its island hydrates opens it once hydrated', async () => {
  const context = await slowContext({ serviceWorkers: 'block' });
  try {
    const gate = await holdIsland(context, '/loopbot', 'faq-accordion');
    const page = await slowPage(context);
    await page.goto(server.url + '/loopbot');
    const question = page.locator('.faq-question button').first();
    await question.tap();
    assert.not.ok(await islandHydrated(page, 'faq-accordion'), 'tapped while the island still waited for its code');
    assert.is(await question.getAttribute('aria-expanded'), 'false');
    gate.release();
    await hydrated(page);
    assert.is(await question.getAttribute('aria-expanded'), 'true', 'the held tap was applied');
    assert.is(await page.locator('.faq-item.open').count(), 1);
  } finally {
    await context.close();
  }
});

test.run();
