import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, openTab } from './admin-kit';

const row = (page: Page, customer: string) => page.locator('tr[data-loopstream-id]', { hasText: customer });

async function generate(
  page: Page,
  input: { packageType?: string; customer: string; server: string; expiry: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Generate LoopStream' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate LoopStream' });
  // Packages follow the catalogue's LoopStream plans; the older Paket 1 / Paket 2 stay selectable (docs/spec.md#loopstream-packages).
  await dialog.getByLabel('Package').locator('option', { hasText: 'Set 3' }).waitFor({ state: 'attached' });
  assert.equal(await dialog.getByLabel('Package').locator('option').allTextContents(), [
    'Set 1',
    'Set 2',
    'Set 3',
    'Combo LoopBOT + LoopStream',
    'Paket 1',
    'Paket 2',
  ]);
  assert.is(await dialog.getByLabel('Package').inputValue(), 'Set 1', "the catalogue's first LoopStream plan");
  if (input.packageType) await dialog.getByLabel('Package').selectOption(input.packageType);
  await dialog.getByLabel('Customer name').fill(input.customer);
  await dialog.getByLabel('IP server').fill(input.server);
  await dialog.getByLabel('Expiry date and time').fill(input.expiry);
  await dialog.getByRole('button', { name: 'Generate' }).click();
}

test('LoopStream: create (server error text first), derived status, download, delete with confirm', async () => {
  const admin = await openAdmin();
  const { page, dialogs, server } = admin;
  try {
    await loginAndWait(page);
    await openTab(page, 'LoopStream UI');
    await page.getByText('No LoopStream access yet.').waitFor();

    await generate(page, { customer: 'Broken Address', server: 'http://bad host/', expiry: '2030-01-01T00:00' });
    assert.match(await dialogs.nextAlert(), /^ip_server must be/);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await generate(page, {
      packageType: 'Paket 2',
      customer: 'Budi Santoso',
      server: '203.0.113.7',
      expiry: '2030-01-01T00:00',
    });
    assert.is(await dialogs.nextAlert(), 'Loopstream created successfully!');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await generate(page, { customer: 'Lapsed Customer', server: 'stream.example.com', expiry: '2020-01-01T00:00' });
    assert.is(await dialogs.nextAlert(), 'Loopstream created successfully!');

    const active = row(page, 'Budi Santoso');
    const lapsed = row(page, 'Lapsed Customer');
    await lapsed.waitFor();
    assert.is(await active.locator('td[data-label="Status"]').textContent(), 'active');
    assert.is(await active.locator('td[data-label="Package"]').textContent(), 'Paket 2');
    assert.is(await active.locator('td[data-label="Server"]').textContent(), '203.0.113.7:5000');
    assert.is(await lapsed.locator('td[data-label="Status"]').textContent(), 'expired');
    assert.is(await lapsed.locator('td[data-label="Package"]').textContent(), 'Set 1');

    // Without the default credentials the server refuses the file and says why.
    await active.getByRole('button', { name: 'Download' }).click();
    assert.match(
      await dialogs.nextAlert(),
      /^Error downloading loopstream: Default LoopStream credentials are not set/,
    );
    const initialized = await call(server.url, 'POST', '/api/config/initialize', {
      cookie: await loginCookie(server.url),
    });
    assert.is(initialized.status, 200, initialized.text);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      active.getByRole('button', { name: 'Download' }).click(),
    ]);
    assert.is(download.suggestedFilename(), 'Budi_Santoso.txt');
    const content = await readFile((await download.path())!, 'utf8');
    assert.ok(content.includes('http://203.0.113.7:5000'), content);
    assert.ok(content.includes('Budi Santoso'), content);

    dialogs.plan(false);
    await lapsed.getByRole('button', { name: 'Delete' }).click();
    dialogs.plan(true);
    await lapsed.getByRole('button', { name: 'Delete' }).click();
    assert.is(await dialogs.nextAlert(), 'Loopstream deleted successfully!');
    await lapsed.waitFor({ state: 'detached' });
    assert.is(await page.locator('tr[data-loopstream-id]').count(), 1);
    // The past expiry (2020) is confirmed (docs/spec.md#admin-dashboard) before it is saved; then the two delete confirmations.
    assert.match(dialogs.ofType('confirm')[0]!, /^The expiry 01 Jan 2020, 00:00 WIB is in the past/);
    assert.is(dialogs.ofType('confirm').filter((message) => message.startsWith('Delete')).length, 2);
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
