/**
 * The Insights view over a year of seeded history: revenue bars, the running line and every table,
 * at 390 and 1280 px, axe-clean; nothing moves when the figures arrive; a licence link opens the
 * licence list searched for it; a CSV export downloads with its BOM. Screenshots in .tmp/insights-shots.
 */
import { mkdir, readFile } from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, call, loginCookie } from '../harness';
import { makeHistory, seedHistory } from '../http/insights-seed';
import { openAdmin, openTab, seriousAxeViolations } from './admin-kit';

const SHOTS = '.tmp/insights-shots';

test('insights: charts and tables at 390 and 1280 px, no shift while loading, licence links, CSV download', async () => {
  await mkdir(SHOTS, { recursive: true });
  const admin = await openAdmin({ bypassCSP: true });
  const { page, server } = admin;
  try {
    await seedHistory(server.app.ctx.db, makeHistory(Date.now()));
    const cookie = await loginCookie(server.url);
    const answer = (await call(server.url, 'GET', '/api/insights?period=365d', { cookie })).json as {
      insights: { revenue: { paid: { orders: number }; buckets: unknown[] }; expiring_soon: { license_key: string }[] };
    };

    // Hold the first answer: the sections are laid out at their final size before any figure arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/insights?*', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tablist').waitFor();
    await openTab(page, 'Insights');
    await page.getByText('Loading…').first().waitFor();
    // Measured from the view's own top: the stat cards above it load on their own.
    const offset = () =>
      page.evaluate(() =>
        ['#insights-active', '#insights-health'].map(
          (selector) =>
            document.querySelector(selector)!.getBoundingClientRect().top -
            document.querySelector('.insights')!.getBoundingClientRect().top,
        ),
      );
    const before = await offset();
    release();
    await page.locator('.chart-bar').first().waitFor();
    const after = await offset();
    assert.equal(after, before, 'the sections stand where they will be before the figures arrive');
    await page.unroute('**/api/insights?*');

    await page.getByLabel('Period', { exact: true }).selectOption('365d');
    await page
      .locator('.chart-bar')
      .nth(answer.insights.revenue.buckets.length - 1)
      .waitFor({ state: 'attached' });
    assert.is(await page.locator('.chart-bar').count(), answer.insights.revenue.buckets.length, 'one bar per month');
    assert.is(await page.locator('polyline.chart-line').count(), 2, 'licences and LoopStream lines');
    const paid = page.locator('.insight-figures div', { hasText: 'Revenue' }).locator('dd.figure-sub');
    assert.is(await paid.textContent(), `${answer.insights.revenue.paid.orders.toLocaleString('en-US')} orders`);
    for (const caption of [
      'Revenue per month',
      'Per plan',
      'Renewals of the expiries',
      'Running at the end',
      'Licences ending soonest',
      'Desktop-app calls',
      'Possibly shared',
      'Validated from',
    ]) {
      const table = page.locator('table.figure-table', { has: page.locator('caption', { hasText: caption }) });
      assert.ok((await table.locator('tbody tr').count()) > 0, caption);
    }

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/insights-${width}.png`, fullPage: true });
      assert.equal(await seriousAxeViolations(page), [], `insights at ${width} px`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.is(overflow, 0, `no sideways scroll at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const download = page.waitForEvent('download');
    await page
      .getByRole('group', { name: 'Download this period as CSV' })
      .getByRole('button', { name: 'Orders', exact: true })
      .click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await file.path())!);
    assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const workbookDownload = page.waitForEvent('download');
    await page
      .getByRole('group', { name: 'Download this period as an Excel workbook' })
      .getByRole('button', { name: 'Licences', exact: true })
      .click();
    const workbook = await workbookDownload;
    assert.match(workbook.suggestedFilename(), /^licenses-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const zipped = await readFile((await workbook.path())!);
    assert.is(zipped.subarray(0, 2).toString('latin1'), 'PK', 'a zip (xlsx) file');

    const first = answer.insights.expiring_soon[0]!.license_key;
    await page.getByRole('link', { name: first }).first().click();
    await page.getByRole('tab', { name: 'License Management', selected: true }).waitFor();
    assert.is(await page.getByLabel('Search licences').inputValue(), first);
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
