/**
 * Admin lists: the licence status filter (docs/spec.md#licence-status) and a pager above the list
 * (phones), LoopStream search, edit, extend and an address pasted as a URL.
 */
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';
import { shot } from './public-kit';

const rowCount = (page: Page): Promise<number> => page.locator('tr[data-license-key]').count();

async function seed(base: string, cookie: string, email: string, expiry: string): Promise<void> {
  const answer = await call(base, 'POST', '/api/license/create', {
    cookie,
    body: { email, app_type: 'loopbot', expired_date: expiry },
  });
  assert.is(answer.status, 200, answer.text);
}

test('licences at 390 px: status filter, a pager above the list that moves pages, the bottom one back to the top', async () => {
  const admin = await openAdmin({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const { page, server } = admin;
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/license/list')) listCalls.push(new URL(request.url()).search);
  });
  try {
    const cookie = await loginCookie(server.url);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    for (let i = 0; i < 52; i++)
      await seed(server.url, cookie, `far${String(i).padStart(2, '0')}@example.com`, '2031-01-01T00:00:00Z');
    await seed(server.url, cookie, 'soon@example.com', soon);
    await seed(server.url, cookie, 'gone@example.com', '2020-01-01T00:00:00Z');
    await loginAndWait(page);
    await page.getByText('54 licences').waitFor();

    const top = page.getByRole('navigation', { name: 'Licence list pages, top' });
    const topBox = await top.boundingBox();
    const firstRow = await page.locator('tr[data-license-key]').first().boundingBox();
    const bottomBox = await page.getByRole('navigation', { name: 'Licence pages' }).boundingBox();
    assert.ok(
      topBox && firstRow && topBox.y + topBox.height <= firstRow.y,
      `the top pager is above the first row: ${JSON.stringify([topBox, firstRow])}`,
    );
    assert.ok(
      bottomBox && bottomBox.y - topBox.y > 10_000,
      `the other pager is a long way down: ${JSON.stringify(bottomBox)}`,
    );
    await top.getByText('Page 1 of 2').waitFor();
    assert.equal(await seriousAxeViolations(page), [], 'licences with two pagers and the filter');
    await top.scrollIntoViewIfNeeded();
    await shot(page, 'h8-licences-top-pager-390');
    await top.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 4);

    // The bottom pager (under a long page) brings the list's top into view.
    const bottom = page.getByRole('navigation', { name: 'Licence pages' });
    await bottom.getByRole('button', { name: 'Previous' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 50);
    await page.waitForFunction(
      () => Math.abs(document.querySelector('[aria-label="Licence list"]')!.getBoundingClientRect().top) < 5,
    );

    await page.getByLabel('Status').selectOption('expiring');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 1);
    assert.match(await page.locator('tr[data-license-key]').innerText(), 'soon@example.com');
    assert.match(listCalls.at(-1)!, /[?&]status=expiring/);
    assert.match(listCalls.at(-1)!, /[?&]page=1&/);
    await page.getByText('1 licence', { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption('expired');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 1);
    assert.match(await page.locator('tr[data-license-key]').innerText(), 'gone@example.com');
    await page.getByLabel('Search licences').fill('far');
    await page.getByText('No licences match this search.').waitFor();
    await page.getByLabel('Status').selectOption('active');
    await page.getByText('52 licences').waitFor();
    assert.is(await rowCount(page), 50);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search licences').fill('');
    await page.getByText('54 licences').waitFor();
    await shot(page, 'h8-licences-filter-390');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

for (const width of [390, 1280]) {
  test(`LoopStream at ${width} px: search, edit (same fields, prefilled in WIB), extend, an address pasted as a URL`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page, dialogs, server } = admin;
    try {
      const cookie = await loginCookie(server.url);
      const create = (customer_name: string, ip_server: string, expired_date: string) =>
        call(server.url, 'POST', '/api/loopstream/create', {
          cookie,
          body: { package_type: 'Paket 1', customer_name, ip_server, expired_date },
        });
      await create('Budi Santoso', '203.0.113.7', '2030-01-01T10:00:00+07:00');
      await create('Siti Rahma', 'siti.contoh.id', '2030-02-01T10:00:00+07:00');
      await loginAndWait(page);
      await openTab(page, 'LoopStream UI');
      const rows = page.locator('tr[data-loopstream-id]');
      await rows.nth(1).waitFor();

      await page.getByLabel('Search LoopStream access').fill('CONTOH');
      await page.waitForFunction(() => document.querySelectorAll('tr[data-loopstream-id]').length === 1);
      assert.match(await rows.innerText(), 'Siti Rahma');
      await page.getByLabel('Search LoopStream access').fill('nobody');
      await page.getByText('No LoopStream access matches this search.').waitFor();
      await page.getByLabel('Search LoopStream access').fill('');
      await page.waitForFunction(() => document.querySelectorAll('tr[data-loopstream-id]').length === 2);

      // Edit: every field prefilled, the expiry as the WIB wall time; an unchanged past-free save.
      const budi = rows.filter({ hasText: 'Budi Santoso' });
      await budi.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit LoopStream' });
      assert.is(await dialog.getByLabel('Customer name').inputValue(), 'Budi Santoso');
      assert.is(await dialog.getByLabel('IP server').inputValue(), '203.0.113.7:5000');
      assert.is(await dialog.getByLabel('Expiry date and time').inputValue(), '2030-01-01T10:00');
      await dialog.getByLabel('Package').selectOption('Paket 2');
      await dialog.getByLabel('Customer name').fill('Budi Santoso (renewed)');
      await dialog.getByLabel('IP server').fill('http://stream.contoh.id/');
      await dialog.getByLabel('Customer name').focus();
      assert.is(await dialog.getByLabel('IP server').inputValue(), 'stream.contoh.id');
      await dialog
        .getByText('Only the address is needed: “http://” and the “/” were left out.', { exact: false })
        .waitFor();
      assert.equal(await seriousAxeViolations(page), [], 'edit form');
      await shot(page, `h8-loopstream-edit-${width}`);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      assert.is(await dialogs.nextAlert(), 'Loopstream updated successfully!');
      const renewed = rows.filter({ hasText: 'Budi Santoso (renewed)' });
      await renewed.waitFor();
      assert.is(await renewed.locator('td[data-label="Server"]').innerText(), 'stream.contoh.id:5000');
      assert.is(await renewed.locator('td[data-label="Package"]').innerText(), 'Paket 2');
      assert.is(await renewed.locator('td[data-label="Expires"]').innerText(), '01 Jan 2030, 10:00 WIB');

      dialogs.plan('30');
      await renewed.getByRole('button', { name: 'Extend' }).click();
      assert.is(await dialogs.nextAlert(), 'Loopstream extended by 30 days. New expiry: 31 January 2030 10:00 WIB');
      await renewed.locator('td[data-label="Expires"]', { hasText: '31 Jan 2030, 10:00 WIB' }).waitFor();
      dialogs.plan('zero');
      await renewed.getByRole('button', { name: 'Extend' }).click();
      assert.is(await dialogs.nextAlert(), 'Please enter a valid number of days');
      await shot(page, `h8-loopstream-list-${width}`);
      assert.equal(await seriousAxeViolations(page), [], 'list with search');
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test.run();
