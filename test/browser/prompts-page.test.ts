import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Jimp } from 'jimp';
import type { BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';

/**
 * /prompts in Chromium against the real server: search and pages in the URL, copy feedback, the
 * modal, the empty state, then offline after one visit (service worker + IndexedDB) and back.
 */

const LOFI = 14;
const GAMING = 16;

type Created = { id: number; image_path: string | null };

async function createPrompt(
  server: TestServer,
  cookie: string,
  fields: Record<string, string>,
  image?: Buffer,
): Promise<number> {
  return (await createPromptRow(server, cookie, fields, image)).id;
}

async function createPromptRow(
  server: TestServer,
  cookie: string,
  fields: Record<string, string>,
  image?: Buffer,
): Promise<Created> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (image) form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
  const answer = await call(server.url, 'POST', '/api/prompt/create', { body: form, cookie });
  assert.is(answer.status, 200, answer.text);
  return answer.json.prompt as Created;
}

async function seed(server: TestServer, cookie: string): Promise<void> {
  const image = await new Jimp({ width: 64, height: 36, color: 0x3366ffff }).getBuffer('image/png');
  for (let index = 1; index <= LOFI; index++) {
    await createPrompt(server, cookie, {
      title: `Lofi Santai ${index}`,
      description: `Musik lofi untuk live streaming malam nomor ${index}`,
      prompt_template: `Template lofi nomor ${index}: kamar senja, hujan di jendela`,
      prompt_music: `lofi hip hop ${index}, 80 BPM`,
    });
  }
  await createPrompt(server, cookie, { title: 'Hanya Musik Ambient', prompt_music: 'ambient drone, 60 BPM' });
  for (let index = 1; index <= GAMING; index++) {
    await createPrompt(
      server,
      cookie,
      {
        title: `Gaming Hype ${index}`,
        description: 'Untuk live game',
        prompt_template: `Template gaming nomor ${index}`,
      },
      index === GAMING || index === GAMING - 3 ? image : undefined,
    );
  }
}

const cards = (page: Page) => page.locator('article.prompts-card');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Cari prompt' });
const searchParams = (page: Page): URLSearchParams => new URL(page.url()).searchParams;

/** Errors React or the page reported (a hydration mismatch shows up here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Requests refused while offline (and a missing favicon) are expected; anything else is not.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return errors;
}

/** Number of prompts in the page's IndexedDB cache. */
function cachedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('loop-prompts');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('prompts')) return resolve(0);
          const count = db.transaction('prompts').objectStore('prompts').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

// Printed only when the test fails (the runner shows a failing file's output): where it stopped.
const started = Date.now();
const step = (name: string): void => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${name}`);

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A page.evaluate on a promise that never settles must not hang the test.
    const timeout = new Promise<false>((resolve) =>
      setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())),
    );
    if (await Promise.race([check(), timeout])) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('prompts page: online, offline after one visit, and back online', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  let context: BrowserContext | undefined;
  try {
    const cookie = await loginCookie(server.url);
    await seed(server, cookie);
    const total = LOFI + 1 + GAMING;
    context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const errors = collectErrors(page);

    // The prerendered page shows 8 skeletons, then the first 12 prompts, newest first.
    step('The prerendered page shows 8 skeletons, then the first 12 prompts, newest first.');
    const html = await (await fetch(`${server.url}/prompts`)).text();
    assert.is(html.match(/prompts-skeleton"/g)?.length, 8, 'prerender has 8 skeleton cards');
    await page.goto(`${server.url}/prompts`);
    await cards(page).first().waitFor();
    assert.is(await cards(page).count(), 12);
    assert.is(await cards(page).first().locator('h2').innerText(), `Gaming Hype ${GAMING}`);
    assert.is(await page.getByRole('button', { name: 'Sebelumnya' }).isDisabled(), true);
    assert.is(await cards(page).first().locator('img').count(), 1, 'the prompt with an image shows it');
    assert.is(await cards(page).first().getByRole('img', { name: 'Dengan gambar' }).count(), 1);
    assert.is(
      await cards(page).first().locator('img').getAttribute('loading'),
      'eager',
      'the first cards load at once',
    );
    assert.is(await cards(page).nth(3).locator('img').getAttribute('loading'), 'lazy', 'the others lazily');
    assert.is(await cards(page).nth(1).locator('img').count(), 0, 'no image, no img');

    // An image that fails to load is hidden, not shown broken.
    const broken = await createPromptRow(
      server,
      cookie,
      { title: 'Gambar Hilang', prompt_template: 'x' },
      await new Jimp({ width: 32, height: 18, color: 0xff0000ff }).getBuffer('image/png'),
    );
    await rm(join(server.dataDir, broken.image_path!));
    await page.goto(`${server.url}/prompts?q=Gambar Hilang`);
    await page.getByRole('heading', { name: 'Gambar Hilang' }).waitFor();
    await waitFor(async () => (await cards(page).first().locator('img').count()) === 0, 'the broken image to go');
    await call(server.url, 'DELETE', `/api/prompt/delete/${broken.id}`, { cookie });
    await page.goto(`${server.url}/prompts`);
    await cards(page).first().waitFor();

    // Paging goes into the URL.
    step('Paging goes into the URL.');
    await page.getByRole('button', { name: 'Halaman 2' }).click();
    await page.waitForURL(/page=2/);
    await cards(page).first().waitFor();
    assert.is(await page.getByRole('button', { name: 'Halaman 2' }).getAttribute('aria-current'), 'page');

    // Typing a search resets to page 1 and puts the text in the URL.
    step('Typing a search resets to page 1 and puts the text in the URL.');
    await search(page).fill('LOFI');
    await page.waitForURL((url) => url.searchParams.get('q') === 'LOFI');
    assert.is(searchParams(page).get('page'), null, 'search resets to page 1');
    await page.getByRole('button', { name: 'Halaman 1' }).waitFor();
    assert.is(await page.getByRole('button', { name: 'Halaman 1' }).getAttribute('aria-current'), 'page');
    assert.is(await cards(page).count(), 12);
    for (const title of await cards(page).locator('h2').allInnerTexts()) assert.match(title, /^Lofi Santai/);
    assert.is(await page.getByRole('button', { name: 'Halaman 2' }).count(), 1, `${LOFI} lofi prompts make 2 pages`);

    // The back button returns to page 2 of the whole list, and the box follows the URL.
    step('The back button returns to page 2 of the whole list, and the box follows the URL.');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('q'));
    await waitFor(async () => (await search(page).inputValue()) === '', 'the search box to clear');

    // A shared address opens on its search and page.
    step('A shared address opens on its search and page.');
    await page.goto(`${server.url}/prompts?q=gaming&page=2`);
    await cards(page).first().waitFor();
    assert.is(await search(page).inputValue(), 'gaming');
    assert.is(await cards(page).count(), GAMING - 12);

    // Copy feedback: 'Template Tersalin!' and disabled for 2 s, and the text is on the clipboard.
    step("Copy feedback: 'Template Tersalin!' and disabled for 2 s, and the text is on the clipboard.");
    // The page's clock is paused from the click on: the 2 s are counted in its time, not the machine's.
    await page.clock.install();
    await page.goto(`${server.url}/prompts?q=Lofi Santai 3`);
    await cards(page).first().waitFor();
    const card = cards(page).first();
    await page.clock.pauseAt(Date.now() + 60_000);
    await card.getByRole('button', { name: 'Salin Template' }).click();
    const copied = card.getByRole('button', { name: 'Template Tersalin!' });
    await copied.waitFor();
    assert.ok(await copied.isDisabled());
    assert.is(await card.getByRole('button', { name: 'Salin Music' }).isDisabled(), false, 'feedback is per kind');
    assert.is(
      await page.evaluate(() => navigator.clipboard.readText()),
      'Template lofi nomor 3: kamar senja, hujan di jendela',
    );
    assert.is(await page.getByRole('dialog').count(), 0, 'a copy button does not open the modal');
    await page.clock.runFor(1_999);
    assert.ok(await copied.isDisabled(), 'still showing the feedback just before 2 s');
    await page.clock.runFor(1);
    await card.getByRole('button', { name: 'Salin Template' }).waitFor();
    assert.is(await card.getByRole('button', { name: 'Salin Template' }).isDisabled(), false);
    await page.clock.resume();

    // The modal: opens on a card, copies with an alert, traps focus, closes on Escape.
    step('The modal: opens on a card, copies with an alert, traps focus, closes on Escape.');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await card.click();
    const modal = page.getByRole('dialog', { name: 'Lofi Santai 3' });
    await modal.waitFor();
    assert.ok(
      await modal.evaluate((element) => element.contains(document.activeElement)),
      'focus moves into the modal',
    );
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press('Tab');
      assert.ok(
        await modal.evaluate((element) => element.contains(document.activeElement)),
        'focus stays in the modal',
      );
    }
    await modal.getByRole('button', { name: 'Salin Music' }).click();
    await waitFor(async () => alerts.length === 1, 'the copy alert');
    assert.is(alerts[0], 'Music prompt copied to clipboard!');
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'lofi hip hop 3, 80 BPM');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // A prompt with music only: copying its template alerts that there is no content.
    step('A prompt with music only: copying its template alerts that there is no content.');
    await search(page).fill('ambient');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ambient');
    await page.getByRole('heading', { name: 'Hanya Musik Ambient' }).waitFor();
    const ambient = cards(page).first();
    assert.is(await ambient.getByRole('button', { name: 'Salin Template' }).count(), 0);
    assert.is(
      await ambient
        .locator('.prompts-badge')
        .allInnerTexts()
        .then((badges) => badges.join(',')),
      'Music',
    );
    await ambient.locator('h2 button').press('Enter');
    const ambientModal = page.getByRole('dialog', { name: 'Hanya Musik Ambient' });
    await ambientModal.waitFor();
    await ambientModal.getByRole('button', { name: 'Salin Template' }).click();
    await waitFor(async () => alerts.length === 2, 'the empty alert');
    assert.is(alerts[1], 'No content available for this prompt type');
    await ambientModal.getByRole('button', { name: 'Tutup' }).first().click();
    await ambientModal.waitFor({ state: 'detached' });

    // Empty result.
    step('Empty result.');
    await search(page).fill('tidakadayangcocok');
    await page.getByText('Tidak ada prompt ditemukan').waitFor();
    assert.is(await cards(page).count(), 0);
    assert.is(await page.getByRole('navigation', { name: 'Halaman prompt' }).count(), 0);

    // The whole collection reaches IndexedDB, and the service worker takes control.
    step('The whole collection reaches IndexedDB, and the service worker takes control.');
    await page.goto(`${server.url}/prompts`);
    await cards(page).first().waitFor();
    await waitFor(async () => (await cachedCount(page)) === total, 'the background sync');
    await waitFor(
      () => page.evaluate(() => navigator.serviceWorker.ready.then(() => true)),
      'the service worker to activate',
    );
    await page.reload();
    await waitFor(
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      'the service worker to control the page',
    );

    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(`${name} ${new URL(request.url).pathname}`);
      return urls;
    });
    assert.ok(
      cachedUrls.some((entry) => entry.endsWith(' /prompts.html')),
      'the page is precached',
    );
    assert.ok(
      cachedUrls.some((entry) => entry.endsWith(' /help.html')),
      '/help is precached',
    );
    assert.ok(
      cachedUrls.some((entry) => entry.includes(' /api/prompt/image/')),
      'a seen prompt image is cached',
    );
    for (const entry of cachedUrls) {
      assert.not.match(entry, /admin/, `never the admin: ${entry}`);
      assert.ok(
        !entry.includes(' /api/') || /\/api\/prompt\/(list|image\/)/.test(entry),
        `no other API call: ${entry}`,
      );
    }

    // A prompt deleted on the server disappears from the cache at the next sync.
    step('A prompt deleted on the server disappears from the cache at the next sync.');
    const doomedId = await createPrompt(server, cookie, { title: 'Akan Dihapus', prompt_template: 'sementara' });
    await page.reload();
    await waitFor(async () => (await cachedCount(page)) === total + 1, 'the new prompt in the cache');
    const removed = await call(server.url, 'DELETE', `/api/prompt/delete/${doomedId}`, { cookie });
    assert.is(removed.status, 200);
    await page.reload();
    await waitFor(async () => (await cachedCount(page)) === total, 'the deleted prompt to leave the cache');

    // Offline: /prompts and /help open; search and paging run over the cached prompts.
    step('Offline: /prompts and /help open; search and paging run over the cached prompts.');
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Anda sedang offline').waitFor();
    await cards(page).first().waitFor();
    assert.is(await cards(page).count(), 12);
    await search(page).fill('gaming');
    await page.waitForURL((url) => url.searchParams.get('q') === 'gaming');
    await page.getByRole('button', { name: 'Halaman 2' }).click();
    await page.waitForURL(/page=2/);
    await waitFor(async () => (await cards(page).count()) === GAMING - 12, 'the second local page');
    for (const title of await cards(page).locator('h2').allInnerTexts()) assert.match(title, /^Gaming Hype/);
    await search(page).fill('akan dihapus');
    await page.getByText('Tidak ada prompt ditemukan').waitFor();
    await page.goto(`${server.url}/help`);
    await page.getByPlaceholder('Cari pertanyaan atau topik...').waitFor();
    assert.is(await page.locator('h1').count(), 1, '/help renders offline');
    await page.goto(`${server.url}/prompts`);
    await page.getByText('Anda sedang offline').waitFor();
    await cards(page).first().waitFor();
    const offlineTitles = await cards(page).locator('h2').allInnerTexts();

    // Back online: the page refreshes by itself, and a prompt created meanwhile appears first.
    step('Back online: the page refreshes by itself, and a prompt created meanwhile appears first.');
    await createPrompt(server, cookie, { title: 'Prompt Baru Saat Offline', prompt_template: 'baru' });
    assert.not.ok(offlineTitles.includes('Prompt Baru Saat Offline'));
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Prompt Baru Saat Offline' }).waitFor();
    assert.is(await cards(page).first().locator('h2').innerText(), 'Prompt Baru Saat Offline');
    assert.is(await page.getByText('Anda sedang offline').count(), 0);
    await waitFor(async () => (await cachedCount(page)) === total + 1, 'the sync after coming back online');

    assert.equal(errors, [], 'no page or console errors (hydration mismatches included)');
  } finally {
    await context?.close();
    await browser.close();
    await server.close();
  }
});

test.run();
