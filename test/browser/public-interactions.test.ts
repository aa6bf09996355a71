import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../browser-harness';
import { startServer } from '../harness';
import type { TestServer } from '../harness';

let server: TestServer;
let browser: Browser;

/** A fresh context that never reaches beyond our server; the page is hydrated when returned. */
async function open(path: string, width = 1280): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
    timeout: 10_000,
  });
  return { page, context, problems };
}

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await server?.close();
});

test('mobile menu opens with the hamburger and closes when a link is picked', async () => {
  const { page, context } = await open('/', 390);
  try {
    const toggle = page.getByRole('button', { name: 'Buka menu' });
    const menu = page.locator('#mobile-menu');
    assert.not.ok(await menu.isVisible());
    assert.ok(await toggle.isVisible());
    await toggle.click();
    assert.ok(await menu.isVisible());
    assert.is(await page.getByRole('button', { name: 'Tutup menu' }).getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    assert.not.ok(await menu.isVisible(), 'Escape closes the menu');
    await toggle.click();
    assert.ok(await menu.isVisible());
    await menu.getByRole('link', { name: 'LoopStream' }).click();
    await page.waitForURL('**/loopstream');
    await page.getByRole('heading', { level: 1, name: /LoopStream/ }).waitFor();
    assert.not.ok(await menu.isVisible());
    assert.is(await page.getByRole('button', { name: 'Buka menu' }).getAttribute('aria-expanded'), 'false');
  } finally {
    await context.close();
  }
});

test('the phone menu carries "Coba Gratis" (the header hides its button there) to the trial form on /loopbot', async () => {
  const { page, context } = await open('/', 390);
  try {
    assert.not.ok(await page.locator('.header-cta').isVisible(), 'the header button is hidden at 390 px');
    await page.getByRole('button', { name: 'Buka menu' }).click();
    const link = page.locator('#mobile-menu').getByRole('link', { name: 'Coba Gratis' });
    assert.ok(await link.isVisible());
    assert.is(await link.getAttribute('href'), '/loopbot#coba-gratis');
    await link.click();
    await page.waitForURL('**/loopbot#coba-gratis');
    await page.locator('#coba-gratis').waitFor();
  } finally {
    await context.close();
  }
});

test('earnings lightbox opens on click, closes on Escape and on the backdrop, and returns focus', async () => {
  const { page, context } = await open('/');
  try {
    const opener = page.locator('.earnings-shot');
    const dialog = page.getByRole('dialog', { name: 'Screenshot pendapatan AdSense' });
    await opener.click();
    await dialog.waitFor();
    assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('lightbox-close')));
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
      'focus stays inside',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('earnings-shot')), 'focus returned');
    await opener.click();
    await dialog.waitFor();
    await page.locator('[data-testid="lightbox-backdrop"]').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    await opener.click();
    await page.getByRole('button', { name: 'Tutup' }).click();
    await dialog.waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});

test('a failed screenshot shows a placeholder on desktop and falls back to the PNG on mobile', async () => {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      return url.startsWith(server.url) && !/adsense-earnings.*\.webp$/.test(url) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    try {
      await page.goto(server.url + '/', { waitUntil: 'load' });
      await page.locator('.earnings-shot').scrollIntoViewIfNeeded();
      if (width === 1280) {
        await page.locator('[data-testid="earnings-placeholder"]').waitFor();
      } else {
        await page.waitForFunction(() =>
          document.querySelector<HTMLImageElement>('.earnings-mobile img')?.src.endsWith('.png'),
        );
        await page.waitForFunction(
          () => (document.querySelector<HTMLImageElement>('.earnings-mobile img')?.naturalWidth ?? 0) > 0,
        );
      }
    } finally {
      await context.close();
    }
  }
});

test('promo countdown keeps its end time across a reload', async () => {
  const { page, context } = await open('/');
  try {
    const read = async (): Promise<number> => {
      await page.waitForFunction(() => !document.querySelector('.countdown-value')?.textContent?.includes('-'));
      const parts = await page.locator('.countdown-value').allTextContents();
      assert.match(parts.join(':'), /^\d\d:\d\d:\d\d$/);
      const [hours, minutes, seconds] = parts.map(Number);
      return hours! * 3600 + minutes! * 60 + seconds!;
    };
    // An end time 2 hours ahead, as a visitor from earlier today would have.
    await page.evaluate(() => localStorage.setItem('promoEndTime', String(Date.now() + 2 * 3600 * 1000)));
    await page.reload({ waitUntil: 'load' });
    const before = await read();
    // Reloads and hydration may take a while on a busy machine: a minute's leeway each.
    assert.ok(before <= 7200 && before > 7140, String(before));
    await page.reload({ waitUntil: 'load' });
    const after = await read();
    assert.ok(after <= before && after > 7080, `${before} → ${after}`);
    await page.evaluate(() => localStorage.setItem('promoEndTime', String(Date.now() - 1000)));
    await page.reload({ waitUntil: 'load' });
    assert.ok((await read()) > 86340, 'a passed end restarts at 24 hours');
  } finally {
    await context.close();
  }
});

test('help search shows "Tidak ditemukan hasil" for nonsense', async () => {
  const { page, context } = await open('/help');
  try {
    await page.getByPlaceholder('Cari pertanyaan atau topik...').fill('xyzzy qwerty 123');
    await page.getByText('Tidak ditemukan hasil').waitFor();
    assert.ok(await page.getByRole('link', { name: 'Tanya Admin' }).isVisible());
    await page.getByPlaceholder('Cari pertanyaan atau topik...').fill('refund');
    await page.getByRole('button', { name: /garansi dan refund/ }).click();
    assert.ok(await page.getByText('dana Anda kembali 100%').isVisible());
  } finally {
    await context.close();
  }
});

test('purchase links open the marketplace in a new tab; Lifetime is disabled', async () => {
  const { page, context } = await open('/loopbot');
  try {
    const buy = page.getByRole('link', { name: /LoopBOT 1 Tahun/ });
    assert.is(await buy.getAttribute('target'), '_blank');
    assert.is(await buy.getAttribute('rel'), 'noopener');
    assert.match((await buy.getAttribute('href')) ?? '', /^https:\/\//);
    assert.ok(await page.getByRole('button', { name: 'Segera Hadir' }).isDisabled());
    for (const price of ['Rp 24.000', 'Rp 150.000', 'Rp 399.000', 'Rp 699.000', 'Rp 999.000', 'Rp 2.499.000']) {
      assert.ok(await page.getByText(price, { exact: true }).first().isVisible(), price);
    }
  } finally {
    await context.close();
  }
});

test('video facade loads the no-cookie player only after a click', async () => {
  const { page, context } = await open('/loopstream');
  try {
    assert.is(await page.locator('iframe').count(), 0);
    await page.getByRole('button', { name: /Putar video: Demo LoopStream/ }).click();
    const src = await page.locator('iframe').getAttribute('src');
    assert.match(src ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?autoplay=1$/);
  } finally {
    await context.close();
  }
});

test.run();
