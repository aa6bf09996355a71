import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { login, loginAndWait, openAdmin, openTab, seriousAxeViolations, waitForStat } from './admin-kit';

test('login: wrong password alerts the server text, then success shows the dashboard', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  try {
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    assert.is(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.is(await page.locator('input[name="password"]').getAttribute('type'), 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.is(await page.locator('input[name="password"]').getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    assert.is(await page.locator('input[name="password"]').getAttribute('type'), 'password');

    await login(page, 'not-the-password');
    assert.is(await dialogs.nextAlert(), 'Invalid username or password');
    assert.is(await page.getByRole('tablist').count(), 0);

    await loginAndWait(page);
    for (const name of ['Total Licenses', 'Active Licenses', 'Expired Licenses', 'Activated Devices']) {
      assert.ok(await page.getByText(name, { exact: true }).isVisible(), name);
    }
    for (const name of ['License Management', 'LoopStream UI', 'Prompt AI', 'Settings & Config']) {
      assert.ok(await page.getByRole('tab', { name }).isVisible(), name);
    }
    await waitForStat(page, 'total_licenses', '0');
    assert.is(dialogs.ofType('alert').length, 1);
  } finally {
    await admin.close();
  }
});

test('a reload keeps the session and the tab; logout clears the lists and the stats', async () => {
  const admin = await openAdmin();
  const { page, server } = admin;
  try {
    const cookie = await loginCookie(server.url);
    const created = await call(server.url, 'POST', '/api/loopstream/create', {
      cookie,
      body: {
        package_type: 'Paket 2',
        customer_name: 'Reload Customer',
        ip_server: '203.0.113.9',
        expired_date: '2031-01-01T00:00:00Z',
      },
    });
    assert.is(created.status, 200, created.text);

    await loginAndWait(page);
    await openTab(page, 'LoopStream UI');
    assert.ok(page.url().endsWith('#loopstream'));
    await page.locator('[data-loopstream-id]', { hasText: 'Reload Customer' }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'LoopStream UI', selected: true }).waitFor();
    await page.locator('[data-loopstream-id]', { hasText: 'Reload Customer' }).waitFor();
    await waitForStat(page, 'total_licenses', '0');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    assert.is(await page.getByText('Reload Customer').count(), 0);
    const check = await page.evaluate(async () => (await fetch('/api/admin/check')).json());
    assert.is((check as { logged_in: boolean }).logged_in, false);

    // Logged in again, the dashboard starts from an empty store and loads afresh.
    await loginAndWait(page);
    await page.locator('[data-loopstream-id]', { hasText: 'Reload Customer' }).waitFor();
  } finally {
    await admin.close();
  }
});

for (const width of [1280, 390]) {
  test(`axe at ${width} px: no serious or critical violation on the login screen and on each tab`, async () => {
    const admin = await openAdmin({ bypassCSP: true, viewport: { width, height: 900 } });
    const { page, server } = admin;
    try {
      // Some rows, so the checks see filled tables and cards, badges and action buttons.
      const cookie = await loginCookie(server.url);
      await call(server.url, 'POST', '/api/config/initialize', { cookie });
      await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: { email: 'axe@example.com', app_type: 'loopbot', expired_date: '2031-01-01T00:00:00Z' },
      });
      await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: { email: 'old@example.com', app_type: 'loopstream', expired_date: '2020-01-01T00:00:00Z' },
      });
      await call(server.url, 'POST', '/api/loopstream/create', {
        cookie,
        body: {
          package_type: 'Paket 1',
          customer_name: 'Axe Customer',
          ip_server: '198.51.100.4',
          expired_date: '2031-01-01T00:00:00Z',
        },
      });
      const form = new FormData();
      form.set('title', 'Axe prompt');
      form.set('prompt_template', 'template text');
      await call(server.url, 'POST', '/api/prompt/create', { cookie, body: form, headers: { origin: server.url } });

      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      // The check itself works: an unlabelled field is reported.
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input id="axe-probe">'));
      assert.match((await seriousAxeViolations(page)).join('\n'), /critical label/);
      await page.evaluate(() => document.getElementById('axe-probe')?.remove());
      assert.equal(await seriousAxeViolations(page), [], 'login screen');
      await loginAndWait(page);
      for (const name of ['License Management', 'LoopStream UI', 'Prompt AI', 'Settings & Config']) {
        await openTab(page, name);
        await page.waitForLoadState('networkidle');
        assert.equal(await seriousAxeViolations(page), [], name);
      }
      await page.getByRole('button', { name: 'Add Config' }).click();
      assert.equal(await seriousAxeViolations(page), [], 'config dialog');
    } finally {
      await admin.close();
    }
  });
}

test.run();
