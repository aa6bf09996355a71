/**
 * The owner's side of the buyer features: a LoopStream record's buyer e-mail (the buyer then sees
 * it on /lisensi) and the free trial switch and length in the Storefront tab.
 */
import { mkdir } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../harness';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/buyer-shots';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`${viewport.width} px: a LoopStream record takes the buyer's e-mail; the Storefront tab switches the trial`, async () => {
    const admin = await openAdmin({ viewport, bypassCSP: true });
    const { page, dialogs, server } = admin;
    try {
      await mkdir(SHOTS, { recursive: true });
      await loginAndWait(page);
      await openTab(page, 'LoopStream UI');
      await page.getByRole('button', { name: 'Generate LoopStream' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate LoopStream' });
      await dialog.getByLabel('Customer name').fill('Budi Santoso');
      await dialog.getByLabel('IP server').fill('203.0.113.7');
      await dialog.getByLabel('Expiry date and time').fill('2030-01-01T00:00');
      await dialog.getByLabel('Buyer e-mail (optional)').fill(' budi@example.com ');
      await page.screenshot({ path: `${SHOTS}/admin-loopstream-buyer-${viewport.width}.png`, fullPage: true });
      assert.equal(await seriousAxeViolations(page), []);
      await dialog.getByRole('button', { name: 'Generate' }).click();
      assert.is(await dialogs.nextAlert(), 'Loopstream created successfully!');
      const list = await server.app.ctx.db.all<{ buyer_email: string | null }>('SELECT buyer_email FROM loopstreams');
      assert.equal(list, [{ buyer_email: 'budi@example.com' }]);

      await openTab(page, 'Storefront');
      const trial = page.getByRole('region', { name: 'Free trial' });
      await trial.getByLabel(/Offer the free LoopBOT trial/).uncheck();
      await trial.getByLabel('Trial length (days)').fill('5');
      await page.screenshot({ path: `${SHOTS}/admin-storefront-trial-${viewport.width}.png`, fullPage: true });
      assert.equal(await seriousAxeViolations(page), []);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Every public page shows what is saved here', { exact: false }).waitFor();
      const settings = await call(server.url, 'GET', '/api/trial');
      assert.equal([settings.json.enabled, settings.json.days], [false, 5]);
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test.run();
