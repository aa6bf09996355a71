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
import { deliver, keyInMail, MERCHANT_KEY, paymentDelivery } from '../http/lynk-helpers';
import { startTestSmtp } from '../test-smtp';
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
    env: { LYNK_MERCHANT_KEY: MERCHANT_KEY, SMTP_URL: smtp.url, MAIL_FROM: 'admin@loopbot.test', MAIL_RETRY_BASE_S: '60' },
  });
  const { page, dialogs, server } = admin;
  try {
    await deliver(server, paymentDelivery({ refId: 'LYNK-1001', name: 'Rina Wati', email: 'rina@example.com', phone: '0812-3456-7890' }));
    await deliver(server, paymentDelivery({ refId: 'LYNK-1002', name: 'Sari Dewi', email: 'sari@example.com', items: [{ title: 'LoopStream Set 2', price: 275_000 }] }));
    await deliver(server, paymentDelivery({ refId: 'LYNK-1003', name: 'Eko', email: 'eko@example.com', items: [{ title: 'Kursus Kilat', price: 50_000 }] }));
    const key = keyInMail((await smtp.waitFor('rina@example.com')).text);

    await loginAndWait(page);
    await waitForStat(page, 'orders_today', '3');
    await waitForStat(page, 'needs_attention', '2');
    await openTab(page, 'Orders');
    await orderRow(page, 'LYNK-1003').waitFor();
    assert.is(await page.locator('tr[data-order-id]').count(), 3);
    assert.match(await textOf(orderRow(page, 'LYNK-1003').locator('td[data-label="Status"]')), 'Needs review');
    assert.match(await textOf(orderRow(page, 'LYNK-1001').locator('td[data-label="Items"]')), 'Paid Rp 150.000plan price Rp 150.000');
    await checkBothWidths(page, 'orders');

    await page.getByLabel('Search orders').fill('sari');
    await page.locator('tr[data-order-id]').nth(1).waitFor({ state: 'detached' });
    assert.equal(await page.locator('tr[data-order-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-ref-id'))), ['LYNK-1002']);
    await page.getByLabel('Search orders').fill('');
    await orderRow(page, 'LYNK-1001').waitFor();

    const whatsapp = orderRow(page, 'LYNK-1001').getByRole('link', { name: /Send via WhatsApp/ });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    assert.ok(href.startsWith('https://wa.me/6281234567890?text='), href);
    const text = decodeURIComponent(href.slice(href.indexOf('?text=') + 6));
    assert.match(text, `Kunci lisensi: ${key}`);
    assert.is(await whatsapp.getAttribute('target'), '_blank');

    await orderRow(page, 'LYNK-1002').getByRole('button', { name: /Set up LoopStream/ }).click();
    const form = page.getByRole('dialog', { name: 'Set up LoopStream: Set 2 × 1' });
    assert.is(await form.getByLabel('Customer name').inputValue(), 'Sari Dewi');
    assert.is(await form.getByLabel('Package').inputValue(), 'Paket 2');
    assert.match(await form.getByLabel('Expiry date and time').inputValue(), /^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    await page.screenshot({ path: `${SHOTS}/loopstream-setup-1280.png` });
    await form.getByLabel('IP server').fill('203.0.113.20');
    await form.getByRole('button', { name: 'Generate' }).click();
    assert.is(await dialogs.nextAlert(), 'Loopstream created successfully!');
    await form.waitFor({ state: 'detached' });
    await orderRow(page, 'LYNK-1002').getByText(/^Handled /).waitFor();
    await waitForStat(page, 'needs_attention', '1');

    await orderRow(page, 'LYNK-1001').getByRole('link', { name: key }).click();
    await page.locator(`tr[data-license-key="${key}"]`).waitFor();
    assert.is(await page.getByLabel('Search licences').inputValue(), key);

    // A licence sent by hand while the SMTP server is down: its error shows in the Mail view.
    await smtp.stop();
    await page.locator(`tr[data-license-key="${key}"]`).getByRole('button', { name: /Send by e-mail/ }).click();
    assert.is(await dialogs.nextAlert(), 'Licence e-mail to rina@example.com queued.');
    await openTab(page, 'Orders');
    await page.getByRole('button', { name: /^Mail/ }).click();
    const rows = page.locator('tr[data-mail-id]');
    await rows.nth(1).waitFor();
    for (let tries = 0; tries < 40 && !(await rows.first().locator('.mail-error').count()); tries++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(250);
    }
    assert.match(await textOf(rows.first().locator('td[data-label="Status"]')), 'Queued');
    assert.match(await textOf(rows.first().locator('.mail-error')), /ECONNREFUSED|connect/i);
    assert.match(await textOf(rows.nth(1).locator('td[data-label="Status"]')), 'Sent');
    await checkBothWidths(page, 'mail');

    await smtp.start();
    await rows.first().getByRole('button', { name: /Send now/ }).click();
    assert.is(await dialogs.nextAlert(), 'Message to rina@example.com queued again.');
    await smtp.waitFor('rina@example.com', 5000, (mail) => smtp.received.indexOf(mail) === 1);
    await rows.nth(1).getByRole('button', { name: /Resend/ }).click();
    assert.is(await dialogs.nextAlert(), 'A copy to rina@example.com is queued.');
    await smtp.waitFor('rina@example.com', 5000, (mail) => smtp.received.indexOf(mail) === 2);
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
    await smtp.close();
  }
});

test.run();
