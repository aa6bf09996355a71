/**
 * One time zone for people (docs/spec.md#shop-time-zone): whatever the browser's zone, the admin shows and reads dates
 * in the shop's (WIB), the alerts and the list agree, the create forms offer presets and ask before
 * saving a past date. Screenshots under SHOTS_DIR at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { wallTimeToMoment } from '../../contract/rules/shop-time';
import { call, loginCookie } from '../harness';
import { deliver, MERCHANT_KEY, paymentDelivery } from '../http/lynk-helpers';
import { startTestSmtp } from '../test-smtp';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';
import { shot } from './public-kit';

const DAY_MS = 86_400_000;

function bodiesOf(page: Page, path: string): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(path))
      bodies.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  return bodies;
}

test('a browser in London still reads and types WIB: form value sent with +07:00, list, alerts and file agree', async () => {
  const admin = await openAdmin({ timezoneId: 'Europe/London' });
  const { page, dialogs } = admin;
  const sent = bodiesOf(page, '/api/license/create');
  try {
    await loginAndWait(page);
    await page.getByRole('button', { name: 'Create License' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create License' });
    await dialog.getByText('Expiry date and time (WIB)').waitFor();
    assert.is(
      await dialog.getByLabel('Expiry date and time').inputValue(),
      '',
      'a new expiry starts empty, the presets are beside it',
    );

    // A preset: 30 days from now, as a WIB wall time.
    await dialog.getByRole('button', { name: '+30 days' }).click();
    const preset = await dialog.getByLabel('Expiry date and time').inputValue();
    const ahead = wallTimeToMoment(preset, 'Asia/Jakarta')! - Date.now();
    assert.ok(Math.abs(ahead - 30 * DAY_MS) < 120_000, `+30 days gave ${preset}`);

    await dialog.getByLabel('E-mail').fill('wib@example.com');
    await dialog.getByLabel('Expiry date and time').fill('2099-02-14T19:00');
    await dialog.getByRole('button', { name: 'Create License' }).click();
    assert.is(await dialogs.nextAlert(), 'License created successfully!');
    assert.is(sent[0]?.expired_date, '2099-02-14T19:00:00+07:00');
    const row = page.locator('tr[data-license-key]', { hasText: 'wib@example.com' });
    assert.is(await row.locator('td[data-label="Expires"]').innerText(), '14 Feb 2099, 19:00 WIB');

    // Extend by 100 days: the alert and the row name the same day and time, and so does the customer's file.
    dialogs.plan('100');
    await row.getByRole('button', { name: 'Extend' }).click();
    assert.is(await dialogs.nextAlert(), 'License extended by 100 days. New expiry: 25 May 2099 19:00 WIB');
    await row.locator('td[data-label="Expires"]', { hasText: '25 May 2099, 19:00 WIB' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.match(await readFile((await download.path())!, 'utf8'), 'Berlaku sampai: 25 Mei 2099\n');
    await shot(page, 'h8-licence-row-wib-1280');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

for (const width of [390, 1280]) {
  test(`${width} px: a past expiry is flagged under the field and needs a confirmation; presets fit; axe clean`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page, dialogs } = admin;
    const sent = bodiesOf(page, '/api/loopstream/create');
    try {
      await loginAndWait(page);
      await openTab(page, 'LoopStream UI');
      await page.getByRole('button', { name: 'Generate LoopStream' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate LoopStream' });
      await dialog.getByLabel('Customer name').fill('Past Customer');
      await dialog.getByLabel('IP server').fill('203.0.113.50');
      await dialog.getByLabel('Expiry date and time').fill('2020-01-01T00:00');
      await dialog.getByText('This date is in the past: the access would be expired at once.').waitFor();
      assert.equal(await seriousAxeViolations(page), [], 'form with the warning');
      const box = await dialog.getByRole('group', { name: 'Set the expiry from now' }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `presets fit: ${JSON.stringify(box)}`);
      await dialog.getByLabel('Expiry date and time').scrollIntoViewIfNeeded();
      await shot(page, `h8-past-expiry-${width}`);

      dialogs.plan(false);
      const confirmShown = page.waitForEvent('dialog');
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await confirmShown;
      assert.match(
        dialogs.ofType('confirm')[0] ?? '',
        /^The expiry 01 Jan 2020, 00:00 WIB is in the past: the access will be expired at once\. Save it anyway\?$/,
      );
      assert.equal(sent, [], 'declined: nothing sent, the form stays');
      assert.ok(await dialog.isVisible());

      await dialog.getByRole('button', { name: '+4 days' }).click();
      await dialog.getByText('Shop time (WIB, Asia/Jakarta)', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Generate' }).click();
      assert.is(await dialogs.nextAlert(), 'Loopstream created successfully!');
      assert.is(dialogs.ofType('confirm').length, 1, 'a future date needs no confirmation');
      assert.is(sent.length, 1, 'the declined one was never sent, even later');
      assert.match(String(sent[0]?.expired_date), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+07:00$/);
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

/** Holds GET /api/time-zone until `release()`: the shop's zone then arrives after the lists are shown. */
async function holdTimeZone(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const gate = new Promise<void>((done) => (release = done));
  await page.route('**/api/time-zone', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a reload on #orders and #prompts: every date follows the shop zone (WITA) once it arrives', async () => {
  const smtp = await startTestSmtp();
  const admin = await openAdmin({
    env: {
      TIME_ZONE: 'Asia/Makassar',
      LYNK_MERCHANT_KEY: MERCHANT_KEY,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'admin@loopbot.test',
    },
  });
  const { page, server } = admin;
  try {
    await deliver(server, paymentDelivery({ refId: 'LYNK-TZ-1', name: 'Wita', email: 'wita@example.com' }));
    await smtp.waitFor('wita@example.com');
    const body = new FormData();
    body.set('title', 'Hujan Makassar');
    body.set('prompt_template', 'lofi hujan');
    assert.is(
      (await call(server.url, 'POST', '/api/prompt/create', { body, cookie: await loginCookie(server.url) })).status,
      200,
    );
    await loginAndWait(page);

    await openTab(page, 'Orders');
    let release = await holdTimeZone(page);
    await page.reload();
    const orderDate = page.locator('tr[data-ref-id="LYNK-TZ-1"] td[data-label="Order"] .cell-sub');
    await orderDate.waitFor();
    release();
    await orderDate.filter({ hasText: / WITA$/ }).waitFor();

    await page.unroute('**/api/time-zone');
    release = await holdTimeZone(page);
    await page.reload();
    await page.getByRole('button', { name: /^Mail/ }).click();
    const mailWhen = page.locator('tr[data-mail-id] td[data-label="When"]').first();
    await mailWhen.waitFor();
    release();
    await mailWhen.filter({ hasText: / WITA$/ }).waitFor();

    await page.unroute('**/api/time-zone');
    await openTab(page, 'Prompt AI');
    release = await holdTimeZone(page);
    await page.reload();
    await page.locator('.prompt-date').waitFor();
    release();
    await page.locator('.prompt-date', { hasText: / WITA$/ }).waitFor();
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
    await smtp.close();
  }
});

test.run();
