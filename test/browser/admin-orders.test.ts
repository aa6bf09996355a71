/**
 * The Orders tab and the Mail view as the owner uses them after a night of sales: the list,
 * search, the WhatsApp link with the licence message, the LoopStream set-up from an order (the
 * form pre-filled), a link to the licence, the outbox with its status, last error and Resend;
 * axe-clean at 390 and 1280 px, with screenshots in .tmp/h6-shots.
 */
import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { settingDefaults } from '../../api/messages/message-settings';
import { insertMissingSettings } from '../../data/settings';
import { deliver, keyInMail, MERCHANT_KEY, outboxDrained, paymentDelivery } from '../http/lynk-helpers';
import { startTestSmtp } from '../test-smtp';
import { middayClock } from '../midday-clock';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations, waitForStat } from './admin-kit';

const SHOTS = '.tmp/h6-shots';
const textOf = async (locator: Locator): Promise<string> => (await locator.textContent()) ?? '';
const orderRow = (page: Page, text: string) => page.locator('tr[data-order-id]', { hasText: text });

async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    assert.equal(await seriousAxeViolations(page), [], `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('orders: list, search, WhatsApp link, LoopStream set-up, licence link; mail: status, last error, resend; axe-clean', async () => {
  await mkdir(SHOTS, { recursive: true });
  const smtp = await startTestSmtp();
  const admin = await openAdmin({
    bypassCSP: true,
    now: middayClock(), // "orders today" is counted from the shop's midnight
    env: {
      LYNK_MERCHANT_KEY: MERCHANT_KEY,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'admin@loopbot.test',
      MAIL_RETRY_BASE_S: '60',
    },
  });
  const { page, dialogs, server } = admin;
  try {
    // The LoopStream access e-mail carries the default login from Settings.
    await insertMissingSettings(server.app.ctx.db, settingDefaults(), new Date().toISOString());
    await deliver(
      server,
      paymentDelivery({ refId: 'LYNK-1001', name: 'Rina Wati', email: 'rina@example.com', phone: '0812-3456-7890' }),
    );
    await deliver(
      server,
      paymentDelivery({
        refId: 'LYNK-1002',
        name: 'Sari Dewi',
        email: 'sari@example.com',
        items: [{ title: 'LoopStream Set 2', price: 275_000 }],
      }),
    );
    await deliver(
      server,
      paymentDelivery({
        refId: 'LYNK-1003',
        name: 'Eko',
        email: 'eko@example.com',
        items: [{ title: 'Kursus Kilat', price: 50_000 }],
      }),
    );
    await deliver(
      server,
      paymentDelivery({
        refId: 'LYNK-1004',
        name: 'Dewi',
        email: 'dewi@example.com',
        items: [{ title: 'LoopBOT 1 Bulan', price: 150_000 }],
        total: 100_000,
      }),
    );
    const key = keyInMail((await smtp.waitFor('rina@example.com')).text);

    await loginAndWait(page);
    await waitForStat(page, 'orders_today', '4');
    await waitForStat(page, 'needs_attention', '3');
    await openTab(page, 'Orders');
    await orderRow(page, 'LYNK-1003').waitFor();
    assert.is(await page.locator('tr[data-order-id]').count(), 4);
    assert.match(await textOf(orderRow(page, 'LYNK-1003').locator('td[data-label="Status"]')), 'Needs review');
    assert.match(
      await textOf(orderRow(page, 'LYNK-1001').locator('td[data-label="Items"]')),
      'Paid Rp 150.000plan price Rp 150.000',
    );
    await checkBothWidths(page, 'orders');

    await page.getByLabel('Search orders').fill('sari');
    await page.locator('tr[data-order-id]').nth(1).waitFor({ state: 'detached' });
    assert.equal(
      await page.locator('tr[data-order-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-ref-id'))),
      ['LYNK-1002'],
    );
    await page.getByLabel('Search orders').fill('');
    await orderRow(page, 'LYNK-1001').waitFor();

    const whatsapp = orderRow(page, 'LYNK-1001').getByRole('link', { name: /Send via WhatsApp/ });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    assert.ok(href.startsWith('https://wa.me/6281234567890?text='), href);
    const text = decodeURIComponent(href.slice(href.indexOf('?text=') + 6));
    assert.match(text, `Kunci lisensi: ${key}`);
    assert.is(await whatsapp.getAttribute('target'), '_blank');

    await orderRow(page, 'LYNK-1002')
      .getByRole('button', { name: /Set up LoopStream/ })
      .click();
    const form = page.getByRole('dialog', { name: 'Set up LoopStream: Set 2 × 1' });
    assert.is(await form.getByLabel('Customer name').inputValue(), 'Sari Dewi');
    assert.is(await form.getByLabel('Package').inputValue(), 'Set 2', "the order plan's package");
    assert.equal(await form.getByLabel('Package').locator('option').allTextContents(), [
      'Set 1',
      'Set 2',
      'Set 3',
      'Combo LoopBOT + LoopStream',
      'Paket 1',
      'Paket 2',
    ]);
    assert.match(await form.getByLabel('Expiry date and time').inputValue(), /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    await page.screenshot({ path: `${SHOTS}/loopstream-setup-1280.png` });
    await form.getByLabel('IP server').fill('203.0.113.20');
    await form.getByRole('button', { name: 'Generate' }).click();
    assert.is(
      await dialogs.nextAlert(),
      'LoopStream access created and e-mailed to sari@example.com; the order is handled.',
    );
    await form.waitFor({ state: 'detached' });
    await orderRow(page, 'LYNK-1002')
      .getByText(/^Handled /)
      .waitFor();
    await waitForStat(page, 'needs_attention', '2');
    assert.match(
      (await smtp.waitFor('sari@example.com', 5000, (mail) => mail.subject.startsWith('Akses server'))).text,
      'Alamat server: http://203.0.113.20:5000',
    );

    // An order under review: Issue licence (the owner picks the plan) and Process again.
    await orderRow(page, 'LYNK-1004')
      .getByRole('button', { name: /Process again/ })
      .click();
    assert.match(await dialogs.nextAlert(), /^Still needs review: Paid Rp 100\.000, below/);
    await orderRow(page, 'LYNK-1003')
      .getByRole('button', { name: /Issue licence/ })
      .click();
    const issue = page.getByRole('dialog', { name: 'Issue licence: LYNK-1003' });
    await page.screenshot({ path: `${SHOTS}/issue-license-1280.png` });
    await issue.getByLabel('Plan').selectOption('loopbot-3-bulan');
    await issue.getByRole('button', { name: 'Issue and e-mail' }).click();
    assert.match(
      await dialogs.nextAlert(),
      /^Licence issued \(LoopBOT 3 Bulan, 90 days\) and e-mailed to eko@example\.com/,
    );
    await orderRow(page, 'LYNK-1003')
      .getByText(/^Handled /)
      .waitFor();
    assert.is(
      await orderRow(page, 'LYNK-1003')
        .getByRole('button', { name: /Issue licence/ })
        .count(),
      0,
    );
    await smtp.waitFor('eko@example.com', 5000, (mail) => mail.subject.startsWith('Lisensi'));
    await waitForStat(page, 'needs_attention', '1');

    await orderRow(page, 'LYNK-1001').getByRole('link', { name: key }).click();
    await page.locator(`tr[data-license-key="${key}"]`).waitFor();
    assert.is(await page.getByLabel('Search licences').inputValue(), key);

    // A licence sent by hand while the SMTP server is down: its error shows in the Mail view.
    await smtp.stop();
    await page
      .locator(`tr[data-license-key="${key}"]`)
      .getByRole('button', { name: /Send by e-mail/ })
      .click();
    assert.is(await dialogs.nextAlert(), 'Licence e-mail to rina@example.com queued.');
    await openTab(page, 'Orders');
    await page.getByRole('button', { name: /^Mail/ }).click();
    await page.getByLabel('Search e-mail').fill('rina@');
    const rows = page.locator('tr[data-mail-id]');
    await rows.nth(1).waitFor();
    await rows.nth(2).waitFor({ state: 'detached' });
    for (let tries = 0; tries < 40 && !(await rows.first().locator('.mail-error').count()); tries++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(250);
    }
    assert.match(await textOf(rows.first().locator('td[data-label="Status"]')), 'Queued');
    assert.match(await textOf(rows.first().locator('.mail-error')), 'The mail server refused the connection');
    assert.match(await textOf(rows.first().locator('.mail-error-detail')), /ECONNREFUSED/);
    assert.match(await textOf(rows.nth(1).locator('td[data-label="Status"]')), 'Sent');
    await checkBothWidths(page, 'mail');

    await smtp.start();
    const toRina = () => smtp.received.filter((mail) => mail.to.includes('rina@example.com'));
    await rows
      .first()
      .getByRole('button', { name: /Send now/ })
      .click();
    assert.is(await dialogs.nextAlert(), 'Message to rina@example.com queued again.');
    await smtp.waitFor('rina@example.com', 5000, () => toRina().length === 2);
    // The view follows the message by itself: no Refresh.
    await rows.first().locator('td[data-label="Status"]', { hasText: 'Sent' }).waitFor({ timeout: 10_000 });
    await rows
      .nth(1)
      .getByRole('button', { name: /Resend/ })
      .click();
    assert.is(await dialogs.nextAlert(), 'A copy to rina@example.com is queued.');
    assert.equal(
      dialogs.ofType('confirm').at(-1),
      'This e-mail was already sent to rina@example.com. Send a copy of it again?',
    );
    await smtp.waitFor('rina@example.com', 5000, () => toRina().length === 3);
    dialogs.plan(false);
    const declined = page.waitForEvent('dialog');
    await rows
      .nth(1)
      .getByRole('button', { name: /Resend/ })
      .click();
    await declined;
    // A copy asked for next is queued after anything the declined one could have queued: once the outbox has
    // sent everything, that one copy is the only new e-mail.
    await rows
      .nth(1)
      .getByRole('button', { name: /Resend/ })
      .click();
    assert.is(await dialogs.nextAlert(), 'A copy to rina@example.com is queued.');
    await outboxDrained(admin.server);
    assert.is(toRina().length, 4, 'a cancelled confirm sends nothing');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
    await smtp.close();
  }
});

test.run();
