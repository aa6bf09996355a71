/**
 * The Activity view: entries made through the API and seeded ones from other actors, in WIB, with
 * filters and a licence link that opens the licence's own entries (also from its row in the
 * Licences tab); readable at 390 and 1280 px (cards on phones, nothing wider than the screen),
 * axe-clean. Screenshots in .tmp/activity-shots.
 */
import { mkdir } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordActivityIn } from '../../data/activity/activity-log';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';

const SHOTS = '.tmp/activity-shots';

test('activity: table and filters at 390 and 1280 px, WIB times, licence links, axe-clean', async () => {
  await mkdir(SHOTS, { recursive: true });
  const admin = await openAdmin({ bypassCSP: true });
  const { page, server } = admin;
  try {
    const cookie = await loginCookie(server.url);
    const created = await call(server.url, 'POST', '/api/license/create', {
      cookie,
      body: { email: 'siti@contoh.id', expired_date: '2026-12-01T10:00:00+07:00' },
    });
    const license = created.json.license as { id: number; license_key: string };
    await call(server.url, 'POST', `/api/license/extend/${license.id}`, { cookie, body: { days: 30 } });
    await server.app.ctx.db.transaction((tx) =>
      recordActivityIn(tx, {
        at: '2026-11-20T17:30:00.000Z',
        actor: 'lynk',
        actorLabel: null,
        ip: '203.0.113.50',
        action: 'order.paid',
        objectType: 'order',
        objectId: '41',
        summary: 'order 41 paid: LoopBOT 1 Bulan, Rp 150.000, licence extended to 1 January 2027',
        before: { status: null },
        after: { status: 'fulfilled', amount_idr: 150000 },
      }),
    );

    await loginAndWait(page);
    await openTab(page, 'Activity');
    const rows = page.locator('table.activity-table tbody tr');
    await rows.nth(2).waitFor();
    assert.ok((await rows.count()) >= 3);
    // 17:30 UTC is 00:30 the next day in WIB.
    const lynkRow = page.locator('tr', { hasText: 'Lynk.id' });
    assert.match(await lynkRow.innerText(), /21 Nov 2026, 00:30 WIB/);
    assert.match(await lynkRow.innerText(), /Order: paid/);

    await page.getByLabel('Who', { exact: true }).selectOption('lynk');
    await page.locator('tr[data-activity-id]', { hasText: 'admin' }).first().waitFor({ state: 'detached' });
    assert.is(await rows.count(), 1);
    await page.getByRole('button', { name: 'Clear' }).click();
    await rows.nth(2).waitFor();

    const extended = page.locator('tr', { hasText: 'Licence: extended' });
    await extended.locator('summary').click();
    assert.match(await extended.innerText(), /expired_date/);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/activity-${width}.png`, fullPage: true });
      assert.equal(await seriousAxeViolations(page), [], `axe at ${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `nothing wider than ${width} px (${overflow} px over)`);
    }

    await extended.getByRole('button', { name: `Licence #${license.id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('code.key', { hasText: license.license_key }).waitFor();
    await dialog.locator('tr', { hasText: 'Licence: created' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/license-activity-390.png`, fullPage: true });
    assert.equal(await seriousAxeViolations(page), [], 'axe on the licence’s entries');
    await dialog.getByRole('button', { name: 'Show in the licence list' }).click();
    await page.getByRole('tab', { name: 'License Management', selected: true }).waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    const row = page.locator(`tr[data-license-key="${license.license_key}"]`);
    await row.getByRole('button', { name: 'Activity' }).click();
    await page.getByRole('dialog').locator('tr', { hasText: 'Licence: extended' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/license-activity-1280.png`, fullPage: true });
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
