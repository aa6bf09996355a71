import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, waitForStat } from './admin-kit';

const row = (page: Page, email: string) => page.locator('tr[data-license-key]', { hasText: email });

async function createThroughForm(
  page: Page,
  email: string,
  appType: 'loopbot' | 'loopstream',
  expiry: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Create License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create License' });
  await dialog.getByLabel('E-mail').fill(email);
  assert.is(await dialog.getByLabel('App type').inputValue(), 'loopbot', 'app type defaults to loopbot');
  await dialog.getByLabel('App type').selectOption(appType);
  await dialog.getByLabel('Expiry date and time').fill(expiry);
  await dialog.getByRole('button', { name: 'Create License' }).click();
}

test('licences: create, stats, search, download, extend, shorten, invalid days, deactivate, delete', async () => {
  const admin = await openAdmin();
  const { page, dialogs, server } = admin;
  try {
    await loginAndWait(page);
    await waitForStat(page, 'total_licenses', '0');

    // The form refuses to send without the required fields (nothing reaches the server).
    await page.getByRole('button', { name: 'Create License' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create License' }).click();
    assert.ok(
      await page
        .getByRole('dialog')
        .getByLabel('E-mail')
        .evaluate((input: HTMLInputElement) => !input.validity.valid),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await createThroughForm(page, 'first@example.com', 'loopbot', '2030-06-01T10:00');
    assert.is(await dialogs.nextAlert(), 'License created successfully!');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await waitForStat(page, 'total_licenses', '1');
    await waitForStat(page, 'active_licenses', '1');
    await createThroughForm(page, 'second@example.org', 'loopstream', '2031-01-01T08:30');
    assert.is(await dialogs.nextAlert(), 'License created successfully!');
    await waitForStat(page, 'total_licenses', '2');

    const first = row(page, 'first@example.com');
    await first.waitFor();
    const key = (await first.getAttribute('data-license-key'))!;
    assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(await first.innerText(), 'Not activated');
    assert.match(await first.innerText(), /active/i);
    const secondKey = (await row(page, 'second@example.org').getAttribute('data-license-key'))!;
    assert.match(secondKey, /^[0-9A-Z]{5}(-[0-9A-Z]{5}){3}$/);

    // Server-side search: by e-mail (any case), then by part of the key.
    await page.getByLabel('Search licences').fill('SECOND@EXAMPLE');
    await page.locator('tr[data-license-key]').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 1);
    assert.is(await page.locator('tr[data-license-key]').getAttribute('data-license-key'), secondKey);
    await page.getByLabel('Search licences').fill(key.slice(0, 13).toUpperCase());
    await page.waitForFunction((wanted) => {
      const rows = [...document.querySelectorAll('tr[data-license-key]')];
      return rows.length === 1 && rows[0]!.getAttribute('data-license-key') === wanted;
    }, key);
    await page.getByLabel('Search licences').fill('nobody-matches-this');
    await page.getByText('No licences match this search.').waitFor();
    await page.getByLabel('Search licences').fill('');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 2);

    // Download saves {license_key}.txt holding the licence message.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      first.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.is(download.suggestedFilename(), `${key}.txt`);
    const content = await readFile((await download.path())!, 'utf8');
    assert.ok(content.includes(key), content);

    // Extend and shorten: the success text is the server's message.
    const expiryBefore = await first.locator('td[data-label="Expires"]').innerText();
    dialogs.plan('10');
    await first.getByRole('button', { name: 'Extend' }).click();
    const extended = await dialogs.nextAlert();
    assert.match(extended, /^License extended by 10 days\. New expiry: /);
    await page.waitForFunction(
      ([selector, before]) => document.querySelector(selector!)?.textContent !== before,
      [`tr[data-license-key="${key}"] td[data-label="Expires"]`, expiryBefore],
    );
    assert.match(await first.locator('td[data-label="Expires"]').innerText(), /11 Jun 2030/);

    for (const [button, answer] of [
      ['Extend', 'abc'],
      ['Extend', '0'],
      ['Shorten', '-2'],
      ['Shorten', '1.5'],
    ] as const) {
      dialogs.plan(answer);
      await first.getByRole('button', { name: button }).click();
      assert.is(await dialogs.nextAlert(), 'Please enter a valid number of days', `${button} ${answer}`);
    }

    // Shorten asks for confirmation: declined changes nothing, accepted shortens.
    const confirmsBefore = dialogs.ofType('confirm').length;
    dialogs.plan('3', false);
    await first.getByRole('button', { name: 'Shorten' }).click();
    dialogs.plan('3', true);
    await first.getByRole('button', { name: 'Shorten' }).click();
    const shortened = await dialogs.nextAlert();
    assert.match(shortened, /^License shortened by 3 days\. New expiry: /);
    assert.is(dialogs.ofType('confirm').length, confirmsBefore + 2);
    assert.match(await first.locator('td[data-label="Expires"]').innerText(), /08 Jun 2030/);

    // Deactivate is offered only once a device is bound (through the desktop app's API).
    assert.is(await first.getByRole('button', { name: 'Deactivate' }).count(), 0);
    const bound = await call(server.url, 'POST', '/api/license/activate', {
      body: { license_key: key, device_id: 'browser-test-device-01', device_name: 'Studio PC', product: 'loopbot' },
    });
    assert.is(bound.status, 201, bound.text);
    await page.reload();
    await first.getByText('Studio PC').waitFor();
    await waitForStat(page, 'activated_licenses', '1');
    dialogs.plan(false);
    await first.getByRole('button', { name: 'Deactivate' }).click();
    dialogs.plan(true);
    await first.getByRole('button', { name: 'Deactivate' }).click();
    assert.is(await dialogs.nextAlert(), 'License deactivated successfully!');
    await first.getByText('Not activated').waitFor();
    await waitForStat(page, 'activated_licenses', '0');
    assert.is(await first.getByRole('button', { name: 'Deactivate' }).count(), 0);

    // Delete asks for confirmation.
    dialogs.plan(false);
    await first.getByRole('button', { name: 'Delete' }).click();
    dialogs.plan(true);
    await first.getByRole('button', { name: 'Delete' }).click();
    assert.is(await dialogs.nextAlert(), 'License deleted successfully!');
    await first.waitFor({ state: 'detached' });
    await waitForStat(page, 'total_licenses', '1');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test('licences: 50 per page from the server, page controls, search restarts at page 1', async () => {
  const admin = await openAdmin();
  const { page, server } = admin;
  try {
    const cookie = await loginCookie(server.url);
    for (let i = 0; i < 57; i++) {
      const answer = await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: {
          email: `bulk${String(i).padStart(2, '0')}@example.com`,
          app_type: 'loopbot',
          expired_date: '2032-01-01T00:00:00Z',
        },
      });
      assert.is(answer.status, 200, answer.text);
    }
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/license/list')) listCalls.push(new URL(request.url()).search);
    });
    await loginAndWait(page);
    await page.getByText('57 licences').waitFor();
    assert.is(await page.locator('tr[data-license-key]').count(), 50);
    assert.ok(
      listCalls.every((query) => query.includes('per_page=50')),
      listCalls.join(' '),
    );
    const pager = page.getByRole('navigation', { name: 'Licence pages' });
    assert.ok(await pager.getByRole('button', { name: 'Previous' }).isDisabled());
    await pager.getByText('Page 1 of 2').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 7);
    assert.ok(await pager.getByRole('button', { name: 'Next' }).isDisabled());

    await page.getByLabel('Search licences').fill('bulk1');
    await page.waitForFunction(() => document.querySelectorAll('tr[data-license-key]').length === 10);
    await page.getByText('10 licences').waitFor();
    assert.is(await pager.getByText(/Page \d of/).count(), 0);
    assert.match(listCalls[listCalls.length - 1]!, /search=bulk1&page=1&/);
  } finally {
    await admin.close();
  }
});

test.run();
