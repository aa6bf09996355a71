/**
 * Unsaved Storefront edits: a reload (or closing the tab) asks first through the browser's own
 * question, and Logout asks before the edits go; with nothing unsaved neither asks.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginAndWait, openAdmin, openTab } from './admin-kit';

test('unsaved edits: reload asks (beforeunload), Logout asks and Cancel keeps them; nothing unsaved asks nothing', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  try {
    await loginAndWait(page);
    await openTab(page, 'Storefront');
    const price = page.getByRole('textbox', { name: 'LoopBOT 1 Bulan price in rupiah' });
    await price.fill('175000');
    await page.getByText('1 unsaved change.').waitFor();

    // The browser asks; the owner stays (dismissed), so the edit is still there.
    dialogs.plan(false);
    const asked = page.waitForEvent('dialog', { predicate: (dialog) => dialog.type() === 'beforeunload' });
    await page.evaluate(() => setTimeout(() => location.reload(), 0));
    await asked.catch(() => undefined);
    assert.is(dialogs.ofType('beforeunload').length, 1, 'a reload with unsaved edits asks');
    assert.is(await price.inputValue(), '175000');

    dialogs.plan(false);
    await page.getByRole('button', { name: 'Logout' }).click();
    assert.equal(dialogs.ofType('confirm'), ['The Storefront has unsaved changes. Log out and lose them?']);
    assert.is(await price.inputValue(), '175000', 'Cancel: still signed in, the edit kept');

    await price.fill('150000');
    await page.getByText('Every public page shows what is saved here', { exact: false }).waitFor();
    await page.reload();
    await page.getByRole('tablist').waitFor();
    assert.is(dialogs.ofType('beforeunload').length, 1, 'nothing unsaved: a reload does not ask');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.is(dialogs.ofType('confirm').length, 1, 'nothing unsaved: Logout does not ask');
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test('unsaved edits: Logout confirmed signs out', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  try {
    await loginAndWait(page);
    await openTab(page, 'Storefront');
    await page.getByLabel('WhatsApp number').fill('6281122223333');
    dialogs.plan(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.is(dialogs.ofType('confirm').length, 1);
  } finally {
    await admin.close();
  }
});

test.run();
