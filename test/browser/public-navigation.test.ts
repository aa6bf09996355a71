/**
 * Moving between public pages and typing early: the phone menu closes on any navigation; a page
 * reached by client navigation gets its own part of the catalogue (each page carries only its
 * own), online and offline; text typed into a search box before hydration is searched, on a CPU
 * four times slower, online and from the service worker offline.
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
  test(`${viewport.width} px: client navigation shows the next page's prices, contacts and videos from its own data`, async () => {
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
async function slowContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    timezoneId: 'Asia/Jakarta',
    hasTouch: true,
    isMobile: true,
  });
  context.setDefaultTimeout(60_000);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
  );
  return context;
}

/**
 * Opens `path` and types `text` into `field` the moment it appears, before the page's code has
 * hydrated it. On a quick run the page may hydrate first: then it tries again on a new page.
 */
async function typeEarly(context: BrowserContext, path: string, field: string, text: string): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(server.url + path, { waitUntil: 'commit' });
    await page.locator(field).waitFor({ state: 'visible' });
    await page.locator(field).focus();
    // All of it at once (as a paste or a phone keyboard's suggestion does): keys typed one by one
    // would partly land after hydration, whose onChange then carries the whole box anyway.
    await page.keyboard.insertText(text);
    const early = !(await page.evaluate(() => document.querySelector('#root')?.hasAttribute('data-hydrated')));
    await hydrated(page);
    if (early) return page;
    await page.close();
    assert.ok(attempt < 10, 'typed before hydration in one of 10 tries');
  }
}

/** The two search boxes: what each must show once hydrated. */
const SEARCHES: Array<{ path: string; field: string; text: string; check: (page: Page) => Promise<void> }> = [
  {
    path: '/help',
    field: '#help-search',
    text: 'zzqxv',
    check: async (page) => {
      await page.getByText('Tidak ditemukan hasil').waitFor();
      assert.is(await page.locator('#help-search').inputValue(), 'zzqxv');
    },
  },
  {
    path: '/prompts',
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
  test(`CPU 4x slower: text typed into ${search.path}'s search before hydration is searched, online and offline`, async () => {
    const context = await slowContext();
    try {
      const online = await typeEarly(context, search.path, search.field, search.text);
      await search.check(online);
      await online.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
      // Everything the page needs is cached: once more, from the service worker only.
      await online.reload();
      await hydrated(online);
      await online.close();
      await context.setOffline(true);
      const offline = await typeEarly(context, search.path, search.field, search.text);
      await search.check(offline);
      await shot(offline, `typed-early${search.path.replace('/', '-')}-390`);
    } finally {
      await context.close();
    }
  });
}

test.run();
