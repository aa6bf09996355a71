import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, openTab } from './admin-kit';

const focusedText = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      (document.activeElement as HTMLElement | null)?.innerText ??
      document.activeElement?.getAttribute('aria-label') ??
      '',
  );

test('keyboard: log in, move between tabs with arrows, open a dialog, trap focus, Escape returns focus', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  try {
    await page.getByLabel('Username').focus();
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('test-password-123');
    await page.keyboard.press('Enter');
    await page.getByRole('tablist').waitFor();

    await page.getByRole('tab', { name: 'License Management' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'LoopStream UI', selected: true }).waitFor();
    assert.ok(page.url().endsWith('#loopstream'));
    assert.is(await focusedText(page), 'LoopStream UI');
    // Storefront, Orders, Insights and Activity come after the first four tabs (docs/spec.md#admin-dashboard), so Activity is the last one.
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Activity', selected: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'License Management', selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Activity', selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Insights', selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Orders', selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Storefront', selected: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Settings & Config', selected: true }).waitFor();
    await page.keyboard.press('Home');
    await page.getByRole('tab', { name: 'License Management', selected: true }).waitFor();

    const opener = page.getByRole('button', { name: 'Create License' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create License' });
    await dialog.waitFor();
    assert.ok(
      await dialog.getByLabel('E-mail').evaluate((input) => input === document.activeElement),
      'first field focused',
    );
    // Tab through more stops than the dialog has: focus never leaves it.
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab');
      assert.ok(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `Tab ${i + 1} stays inside`,
      );
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      assert.ok(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `Shift+Tab ${i + 1} stays inside`,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await opener.evaluate((element) => element === document.activeElement), 'focus back on the opener');

    // The whole create flow by keyboard.
    await page.keyboard.press('Enter');
    await dialog.getByLabel('E-mail').waitFor();
    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await dialog.getByLabel('Expiry date and time').fill('2030-02-03T04:05');
    await page.keyboard.press('Enter');
    assert.is(await dialogs.nextAlert(), 'License created successfully!');
    await page.locator('tr[data-license-key]', { hasText: 'keys@example.com' }).waitFor();
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test('phone (390 px): nothing overflows sideways on any tab or dialog', async () => {
  const admin = await openAdmin({ viewport: { width: 390, height: 844 } });
  const { page, server } = admin;
  try {
    const cookie = await loginCookie(server.url);
    await call(server.url, 'POST', '/api/config/initialize', { cookie });
    await call(server.url, 'POST', '/api/license/create', {
      cookie,
      body: {
        email: 'a-very-long-address.for-testing@example-company.co.id',
        app_type: 'loopstream',
        expired_date: '2031-01-01T00:00:00Z',
      },
    });
    await call(server.url, 'POST', '/api/loopstream/create', {
      cookie,
      body: {
        package_type: 'Paket 2',
        customer_name: 'Customer With A Rather Long Name',
        ip_server: 'stream-server.example.com',
        expired_date: '2031-01-01T00:00:00Z',
      },
    });
    await loginAndWait(page);
    const overflow = (): Promise<number> =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const name of ['License Management', 'LoopStream UI', 'Prompt AI', 'Settings & Config']) {
      await openTab(page, name);
      await page.waitForLoadState('networkidle');
      assert.ok((await overflow()) <= 0, `${name} overflows by ${await overflow()} px`);
    }
    await page.getByRole('button', { name: 'Edit loopbot_template' }).click();
    const box = await page.getByRole('dialog').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `dialog fits: ${JSON.stringify(box)}`);
  } finally {
    await admin.close();
  }
});

test.run();
