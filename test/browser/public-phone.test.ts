import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { LAPTOP, PHONE, axeViolations, box, layoutShift, openPublic, shot } from './public-kit';

/** The help centre's search and the prompt pager as a phone (390 px) and a laptop (1280 px) show them. */

let server: TestServer;
let browser: Browser;

/** 110 prompts: ten pages of 12, so page 5 shows the widest pager (1 ... 4 5 6 ... 10). */
const PROMPTS = 110;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const cookie = await loginCookie(server.url);
  for (let index = 1; index <= PROMPTS; index++) {
    const form = new FormData();
    form.set('title', `Lofi Santai ${index}`);
    form.set('prompt_template', `Template nomor ${index}`);
    const answer = await call(server.url, 'POST', '/api/prompt/create', { body: form, cookie });
    assert.is(answer.status, 200, answer.text);
  }
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Cari bantuan' });
const focusIsInField = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.activeElement?.id === 'help-search');

/** Waits (through a smooth scroll) until the element lies between the sticky header and the bottom of the screen. */
async function waitUntilShown(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const element = document.querySelector(target);
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      if (!element) return false;
      const { top, bottom } = element.getBoundingClientRect();
      return top >= header && bottom <= window.innerHeight;
    },
    selector,
    { timeout: 5_000 },
  );
}

for (const viewport of [PHONE, LAPTOP]) {
  test(`help at ${viewport.width} px: typing shows the count and the first match; "Tidak ditemukan hasil" shows too`, async () => {
    const { page, context, problems } = await openPublic(browser, server, '/help', viewport, { bypassCSP: true });
    try {
      await searchField(page).click();
      await page.keyboard.type('refund');
      const status = page.getByRole('status');
      await status.filter({ hasText: /hasil untuk "refund"/ }).waitFor();
      const shown = await page.locator('.faq-item').count();
      assert.ok(shown > 0);
      assert.is((await status.textContent())?.trim(), `${shown} hasil untuk "refund"`);
      await waitUntilShown(page, '#help-search-count');
      await waitUntilShown(page, '.faq-item');
      assert.ok(await focusIsInField(page), 'focus stays in the search field');
      assert.is(await page.evaluate(() => window.scrollY), 0, 'nothing moves when the results already show');
      await shot(page, `help-refund-${viewport.width}`);
      assert.equal(await axeViolations(page), [], 'axe with results');

      await searchField(page).fill('');
      await page.keyboard.type('xyzzy qwerty');
      await status.filter({ hasText: '0 hasil untuk "xyzzy qwerty"' }).waitFor();
      await waitUntilShown(page, '.empty-title');
      assert.is((await page.locator('.empty-title').textContent())?.trim(), 'Tidak ditemukan hasil');
      await waitUntilShown(page, '.empty .btn');
      assert.ok(await focusIsInField(page));
      await shot(page, `help-none-${viewport.width}`);
      assert.equal(await axeViolations(page), [], 'axe with no result');
      assert.is(await layoutShift(page), 0);
      assert.equal(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('help on a phone with its keyboard open: the page scrolls the first match into view, the field stays visible', async () => {
  // 390x460 is what is left of an 844 px screen above an on-screen keyboard.
  const { page, context } = await openPublic(browser, server, '/help', { width: 390, height: 460 });
  try {
    await searchField(page).click();
    await page.keyboard.type('refund');
    await waitUntilShown(page, '.faq-item');
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the page moved to show the result');
    const header = await box(page.locator('.site-header'));
    const field = await box(searchField(page));
    assert.ok(field.top >= header.bottom, `field at ${field.top}, under the header (${header.bottom})`);
    assert.ok(await focusIsInField(page));
    await shot(page, 'help-keyboard-390');
  } finally {
    await context.close();
  }
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`prompt pager at ${viewport.width} px: "Sebelumnya" and "Selanjutnya" never wrap and share a row`, async () => {
    for (const pageNumber of [1, 5, 10]) {
      const { page, context } = await openPublic(browser, server, `/prompts?page=${pageNumber}`, viewport, {
        bypassCSP: true,
      });
      try {
        const nav = page.getByRole('navigation', { name: 'Halaman prompt' });
        await nav.waitFor();
        const previous = await box(nav.getByRole('button', { name: 'Sebelumnya', exact: true }));
        const next = await box(nav.getByRole('button', { name: 'Selanjutnya', exact: true }));
        const current = await box(nav.getByRole('button', { name: `Halaman ${pageNumber}`, exact: true }));
        const numbers = await nav.locator('.prompts-page-numbers > *').evaluateAll((items) =>
          items.map((item) => {
            const { top, bottom } = item.getBoundingClientRect();
            return (top + bottom) / 2;
          }),
        );
        const where = `page ${pageNumber}`;
        assert.is(previous.top, next.top, `${where}: both steps on one row`);
        assert.is(previous.height, current.height, `${where}: "Sebelumnya" on one line`);
        assert.is(next.height, current.height, `${where}: "Selanjutnya" on one line`);
        assert.ok(
          numbers.every((middle) => Math.abs(middle - numbers[0]!) < 2),
          `${where}: the numbers on one row`,
        );
        assert.ok(previous.left >= 0 && next.right <= viewport.width, `${where}: inside the screen`);
        if (viewport.width >= 768) assert.is(previous.top, current.top, `${where}: one row on a laptop`);
        else assert.ok(current.bottom <= previous.top, `${where}: numbers above the steps on a phone`);
        assert.equal(
          await nav
            .locator('button')
            .evaluateAll((items) => items.map((item) => item.textContent))
            .then((texts) => [texts[0], texts.at(-1)]),
          ['Sebelumnya', 'Selanjutnya'],
        );
        if (pageNumber === 5) {
          await nav.scrollIntoViewIfNeeded();
          await shot(page, `prompts-pager-${viewport.width}`);
          assert.equal(await axeViolations(page), []);
        }
      } finally {
        await context.close();
      }
    }
  });
}

test.run();
