/**
 * A buyer on a 390 px phone (docs/spec.md#buyer-account): asks /lisensi for a link, opens it from
 * the e-mail the shop really sent (test SMTP server), sees the licence and its device, releases it,
 * and the reference licence client activates the key on a new computer; then the free trial from
 * /loopbot the same way. Every state is axe-clean at 390 and 1280 px, with screenshots.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { deliver, keyInMail, MERCHANT_KEY, paymentDelivery } from '../http/lynk-helpers';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { checkState, deviceClient, linkInMail, SHOTS } from './buyer-account-kit';
import { openPublic, PHONE } from './public-kit';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;

test.before(async () => {
  await mkdir(SHOTS, { recursive: true });
  smtp = await startTestSmtp();
  server = await startServer({
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'toko@loopbot.test',
    LICENSE_MAX_MOVES: '1',
  });
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await server?.close({ remove: true });
  await smtp?.close();
});

test('buyer: link by e-mail, licence with its device, release, then the key activates on a new computer', async () => {
  await deliver(server, paymentDelivery({ refId: 'LYNK-2001', name: 'Rina Wati', email: 'rina@example.com' }));
  const key = keyInMail((await smtp.waitFor('rina@example.com')).text);
  const oldLaptop = await deviceClient(server, 'lb-device-rina-old');
  const first = await oldLaptop(['activate', key, 'Laptop Lama Rina']);
  assert.is(first.code, 0, first.output);

  const { page, context, problems } = await openPublic(browser, server, '/lisensi', PHONE, { bypassCSP: true });
  try {
    await page.getByRole('heading', { level: 1, name: 'Lisensi Saya' }).waitFor();
    await checkState(page, 'signed-out');

    // Any case and spaces: the address is the buyer's all the same.
    await page.getByLabel('E-mail yang Anda pakai saat membeli').fill('  Rina@Example.com ');
    await page.getByRole('button', { name: 'Kirim tautan masuk' }).click();
    await page.getByRole('heading', { name: 'Cek e-mail Anda' }).waitFor();
    assert.ok(
      await page.evaluate(() => document.activeElement?.classList.contains('account-state')),
      'focus moves to the answer',
    );
    await checkState(page, 'link-sent');

    const link = await linkInMail(smtp, 'rina@example.com', 'Tautan masuk Lisensi Saya');
    await page.goto(server.url + link);
    const card = page.locator('article[data-license-id]');
    await card.waitFor();
    assert.is(new URL(page.url()).hash, '', 'the token leaves the address bar');
    assert.match((await card.textContent()) ?? '', 'Laptop Lama Rina');
    assert.match((await card.textContent()) ?? '', 'Aktif');
    assert.match((await card.textContent()) ?? '', /WIB|\d{4} \(\d+ hari lagi\)/);
    assert.match((await page.locator('.order-list').textContent()) ?? '', /LYNK-2001.*|Rp 150\.000/);
    assert.not.match((await card.locator('code').textContent()) ?? '', key, 'the key is masked');
    // "Now what?": the download (the install steps while the owner has set no link) and how the key goes in.
    const start = page.locator('.getting-started');
    assert.match((await start.textContent()) ?? '', /tempel kunci lisensi/);
    assert.is(await start.getByRole('link', { name: 'Unduh LoopBOT' }).getAttribute('href'), '/tutorial#instal');
    await card.getByRole('button', { name: 'Tampilkan' }).click();
    await card.locator('code', { hasText: key }).waitFor();
    await card.getByRole('button', { name: 'Sembunyikan' }).click();
    await checkState(page, 'licence-list');

    await card.getByRole('button', { name: 'Riwayat' }).click();
    await card.locator('.license-history li').first().waitFor();
    await card.getByRole('button', { name: 'Tutup riwayat' }).click();

    await card.getByRole('button', { name: 'Lepas perangkat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lepas perangkat?' });
    await dialog.waitFor();
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog'))), 'focus is in the dialog');
    await checkState(page, 'release-confirm');
    await dialog.getByRole('button', { name: 'Ya, lepas perangkat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('status').filter({ hasText: 'Perangkat dilepas' }).waitFor();
    // The key was used: its last computer, not "never used".
    assert.match((await card.textContent()) ?? '', 'Tidak terpasang (terakhir di "Laptop Lama Rina")');
    // LICENSE_MAX_MOVES=1: this release used the month's move, yet the next activation works (it is not counted
    // again), so the card says so, and when the 30-day move window frees a move; no "limit reached" here.
    const ready = card.locator('.activation-ready');
    await ready.filter({ hasText: 'tidak dihitung sebagai pindah perangkat' }).waitFor();
    assert.match((await ready.textContent()) ?? '', /1 dari 1 kali dalam 30 hari.*dilepas lagi mulai .*WIB/);
    assert.is(await card.locator('.move-limit').count(), 0);
    assert.is(await card.getByRole('button', { name: 'Lepas perangkat' }).count(), 0);
    await checkState(page, 'released-ready');

    const newLaptop = await deviceClient(server, 'lb-device-rina-new');
    const moved = await newLaptop(['activate', key, 'Laptop Baru Rina']);
    assert.is(moved.code, 0, moved.output);
    assert.match(moved.output, /^ACTIVATED: /m);
    const old = await oldLaptop(['validate']);
    assert.not.match(old.output, /^VALID: /m, old.output);

    await page.reload();
    await card.filter({ hasText: 'Laptop Baru Rina' }).waitFor();
    // Bound again with the month's move used: now the next release waits for the window.
    await card.locator('.move-limit', { hasText: 'Batas pindah perangkat tercapai' }).waitFor();
    assert.is(await card.getByRole('button', { name: 'Lepas perangkat' }).count(), 0);
    assert.ok(await card.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'));
    await checkState(page, 'limit-reached');

    // The link worked once.
    await page.goto(server.url + link);
    await page.getByText('Tautan sudah tidak berlaku').waitFor();
    await checkState(page, 'link-invalid');

    await page.goto(server.url + '/lisensi');
    await card.waitFor();
    await page.getByRole('button', { name: 'Keluar', exact: true }).click();
    await page.getByText('Anda sudah keluar.').waitFor();
    await page.getByLabel('E-mail yang Anda pakai saat membeli').waitFor();
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test('/tutorial#instal: install and activate steps, what to do when activation fails, and the way to /lisensi', async () => {
  const { page, context, problems } = await openPublic(browser, server, '/tutorial#instal', PHONE, {
    bypassCSP: true,
  });
  try {
    const section = page.locator('section#instal');
    await section.getByRole('heading', { level: 2, name: 'Instal dan aktifkan LoopBOT' }).waitFor();
    assert.ok((await section.locator('ol > li').count()) >= 5);
    assert.match((await section.textContent()) ?? '', /tempel kunci lisensi.*Aktifkan/);
    await section.getByRole('heading', { name: 'Jika aktivasi gagal' }).waitFor();
    assert.match((await section.textContent()) ?? '', 'Lepas perangkat');
    assert.is(await section.getByRole('link', { name: 'Buka Lisensi Saya' }).getAttribute('href'), '/lisensi');
    await checkState(page, 'tutorial-install', section);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test('free trial from /loopbot: e-mail, link, trial licence on /lisensi, activated by the reference client', async () => {
  const { page, context, problems } = await openPublic(browser, server, '/', PHONE, { bypassCSP: true });
  try {
    await page.getByRole('link', { name: 'Coba Gratis Sekarang' }).click();
    await page.waitForURL(/\/loopbot#coba-gratis$/);
    const form = page.locator('#coba-gratis');
    await form.getByLabel('E-mail Anda').fill('Budi@Example.com');
    await form.getByRole('button', { name: 'Kirim tautan uji coba' }).click();
    await form.getByRole('heading', { name: 'Cek e-mail Anda' }).waitFor();
    await checkState(page, 'trial-sent', form);

    const link = await linkInMail(smtp, 'budi@example.com', 'Tautan uji coba gratis LoopBOT');
    await page.goto(server.url + link);
    const card = page.locator('article[data-license-id]');
    await card.waitFor();
    await page.locator('.account-trial').waitFor();
    assert.match((await card.textContent()) ?? '', 'Uji coba gratis');
    await checkState(page, 'trial-issued');

    await card.getByRole('button', { name: 'Tampilkan' }).click();
    await card.getByRole('button', { name: 'Sembunyikan' }).waitFor();
    const key = ((await card.locator('code').textContent()) ?? '').trim();
    assert.ok(!key.includes('…'), key);
    const laptop = await deviceClient(server, 'lb-device-budi');
    const activated = await laptop(['activate', key, 'PC Budi']);
    assert.is(activated.code, 0, activated.output);
    await page.reload();
    await card.filter({ hasText: 'PC Budi' }).waitFor();
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test('trial form: an address typed before the page has hydrated is the one sent; trials off offer the paid trial', async () => {
  const context = await browser.newContext({
    viewport: PHONE,
    timezoneId: 'Asia/Jakarta',
    hasTouch: true,
    isMobile: true,
    bypassCSP: true,
  });
  context.setDefaultTimeout(15_000);
  let release = (): void => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (!url.startsWith(server.url)) return route.abort();
    if (url.endsWith('.js')) await scriptsHeld;
    return route.continue();
  });
  const page = await context.newPage();
  try {
    await page.goto(server.url + '/loopbot#coba-gratis', { waitUntil: 'domcontentloaded' });
    await page.locator('#trial-email').fill('sari@example.com');
    assert.not.ok(await page.evaluate(() => document.querySelector('#root')?.hasAttribute('data-hydrated')));
    release();
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
    await page.getByRole('button', { name: 'Kirim tautan uji coba' }).click();
    await page.locator('#coba-gratis').getByRole('heading', { name: 'Cek e-mail Anda' }).waitFor();
    await linkInMail(smtp, 'sari@example.com', 'Tautan uji coba gratis LoopBOT');

    // The owner switches free trials off: the home button and the form say so and lead to the paid trial.
    const cookie = await loginCookie(server.url);
    const { storefront } = (await call(server.url, 'GET', '/api/storefront')).json as {
      storefront: Record<string, unknown>;
    };
    const saved = await call(server.url, 'PUT', '/api/storefront', {
      cookie,
      body: { ...storefront, trial: { enabled: false, days: 3 } },
    });
    assert.is(saved.status, 200, saved.text);
    await page.goto(server.url + '/');
    await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
    await page.getByRole('link', { name: 'Gratis tidak tersedia: Lihat Trial Berbayar' }).click();
    const section = page.locator('#coba-gratis');
    await section.getByRole('heading', { name: 'Uji coba gratis sedang tidak tersedia' }).waitFor();
    assert.is(await section.locator('#trial-email').count(), 0);
    assert.match(
      (await section.getByRole('link', { name: /trial berbayar/ }).getAttribute('href')) ?? '',
      /^https?:\/\//,
    );
    await checkState(page, 'trial-off', section);

    // No connection when the page asks who is signed in: said in Indonesian, with a way to try again.
    await page.route('**/api/account/check', (route) => route.abort());
    await page.goto(server.url + '/lisensi');
    await page.getByText('Tidak bisa terhubung ke server').waitFor();
    await page.getByRole('button', { name: 'Coba lagi' }).waitFor();
    await checkState(page, 'offline');
  } finally {
    await context.close();
  }
});

test.run();
