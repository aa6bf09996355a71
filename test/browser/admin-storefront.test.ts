/**
 * The owner runs the storefront from the dashboard: a price edited in the Storefront tab is on
 * /loopbot right after Save (prerendered and after hydration); the placeholder banner lists what
 * is still a sample, leads to its field, and goes when everything is the owner's.
 */
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { call, loginCookie } from '../harness';
import { gradientPng } from '../png-fixture';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';

const banner = (page: Page) => page.getByTestId('placeholder-banner');

/** Everything the banner lists, fixed through the API as an integrator would. */
async function fixEverything(base: string): Promise<void> {
  const cookie = await loginCookie(base);
  const { storefront } = (await call(base, 'GET', '/api/storefront')).json as { storefront: Storefront };
  const answer = await call(base, 'PUT', '/api/storefront', {
    cookie,
    body: {
      ...storefront,
      plans: storefront.plans.map((plan) => ({ ...plan, checkout_url: `https://lynk.id/tokoku/${plan.id}` })),
      contacts: {
        ...storefront.contacts,
        support_email: 'halo@tokoku.id',
        facebook_url: 'https://facebook.com/tokoku',
        telegram_url: '',
      },
      videos: {
        loopbot_demo: 'aaaaaaaaaaa',
        loopstream_demo: 'bbbbbbbbbbb',
        tutorial_setup: 'ccccccccccc',
        tutorial_client_secret: 'ddddddddddd',
      },
    },
  });
  assert.is(answer.status, 200, answer.text);
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(gradientPng(1600, 1000))], { type: 'image/png' }), 'earnings.png');
  const upload = await call(base, 'POST', '/api/storefront/earnings-image', {
    cookie,
    body: form,
    headers: { origin: base },
  });
  assert.is(upload.status, 200, upload.text);
  await call(base, 'POST', '/api/config/initialize', { cookie });
  const configs = (await call(base, 'GET', '/api/config/list', { cookie })).json.configs as Array<{
    id: number;
    config_key: string;
  }>;
  for (const config of configs.filter((row) => row.config_key.includes('url'))) {
    await call(base, 'PUT', `/api/config/update/${config.id}`, {
      cookie,
      body: { config_value: `https://tokoku.id/${config.config_key}` },
    });
  }
}

test('the owner edits a price, saves, and /loopbot shows it; the banner leads to each placeholder and goes when all are fixed', async () => {
  // Payments configured: without LYNK_MERCHANT_KEY the banner rightly stays (payments are refused).
  const admin = await openAdmin({ env: { LYNK_MERCHANT_KEY: 'storefront-test-merchant-key' } });
  const { page, dialogs, server, context } = admin;
  try {
    await loginAndWait(page);
    await banner(page).waitFor();
    await banner(page)
      .getByText(/sample values? still shown$/)
      .click();
    await banner(page).getByRole('listitem').first().waitFor();
    const listed = await banner(page).getByRole('listitem').allInnerTexts();
    for (const expected of [
      'WhatsApp number is still the sample',
      'Checkout link of LoopBOT 1 Bulan is still the sample',
      'LoopBOT demo video is still the sample video',
      'The earnings screenshot is still the sample image',
    ]) {
      assert.ok(listed.includes(expected), `${expected} in ${JSON.stringify(listed)}`);
    }
    assert.ok(
      listed.some((text) => text.startsWith('Download and tutorial links of licence messages are not set')),
      'licence links',
    );

    // A banner link opens the Storefront tab with its field focused; the owner fixes it there.
    await banner(page).getByRole('link', { name: 'WhatsApp number is still the sample' }).click();
    const whatsapp = page.getByLabel('WhatsApp number');
    await page.waitForFunction(() => document.activeElement?.id === 'storefront-contact-whatsapp_number');
    await whatsapp.fill('+62 811 2222 3333');
    await page.getByRole('textbox', { name: 'LoopBOT 1 Bulan price in rupiah' }).fill('175.000');
    await page.getByRole('button', { name: 'Save' }).click();
    assert.is(await dialogs.nextAlert(), 'Storefront saved successfully!');
    const confirmation = dialogs.ofType('confirm')[0] ?? '';
    assert.match(confirmation, 'LoopBOT 1 Bulan: price Rp 150.000 → Rp 175.000');
    assert.match(confirmation, 'WhatsApp number: 6281234567890 → +62 811 2222 3333');
    assert.is(await whatsapp.inputValue(), '6281122223333', 'the saved, normalised number');
    await page.getByRole('status').getByText('Every public page shows what is saved here').waitFor();
    assert.not.ok(
      (await banner(page).getByRole('listitem').allInnerTexts()).includes('WhatsApp number is still the sample'),
    );

    const shop = await context.newPage();
    await shop.goto(`${server.url}/loopbot`);
    const card = shop.locator('.price-card', { has: shop.getByRole('heading', { name: '1 Bulan', exact: true }) });
    assert.is(await card.locator('.price').innerText(), 'Rp 175.000');
    await shop.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
      timeout: 15_000,
    });
    assert.is(await card.locator('.price').innerText(), 'Rp 175.000', 'after hydration');
    assert.match(
      (await shop.locator('a[href^="https://wa.me/"]').first().getAttribute('href')) ?? '',
      /^https:\/\/wa\.me\/6281122223333/,
    );
    await shop.close();

    await fixEverything(server.url);
    await page.reload();
    await page.getByRole('tablist').waitFor();
    await page.getByRole('tab', { name: 'Storefront' }).waitFor();
    await page.getByRole('heading', { name: 'Plans and prices' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.is(await banner(page).count(), 0, 'no placeholder left');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

for (const width of [1280, 390]) {
  test(`Storefront tab at ${width} px: no serious or critical axe violation, nothing wider than the screen`, async () => {
    const admin = await openAdmin({ bypassCSP: true, viewport: { width, height: 900 } });
    const { page } = admin;
    try {
      await loginAndWait(page);
      await banner(page).waitFor();
      await openTab(page, 'Storefront');
      await page.getByRole('heading', { name: 'Plans and prices' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await seriousAxeViolations(page), [], 'storefront tab with the banner');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page wider than the screen by ${overflow} px`);
    } finally {
      await admin.close();
    }
  });
}

test.run();
