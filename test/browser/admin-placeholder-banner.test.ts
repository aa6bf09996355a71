/**
 * The placeholder banner on a fresh install: one summary line that counts what is still a sample
 * and opens the list; each line of the list still leads to its field. Screenshots under
 * SHOTS_DIR at 390 and 1280 px.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginAndWait, openAdmin, seriousAxeViolations } from './admin-kit';
import { shot } from './public-kit';

for (const width of [390, 1280]) {
  test(`${width} px: one summary line with the real count opens the list; a line leads to its field`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page } = admin;
    try {
      await loginAndWait(page);
      const banner = page.getByTestId('placeholder-banner');
      const summary = banner.getByText(/^\d+ sample values? still shown$/);
      await summary.waitFor();
      // The settings row appears once the configurations have loaded: wait for the count to settle.
      await page.waitForLoadState('networkidle');
      const lineHeight = await summary.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
      const closed = (await banner.boundingBox())!;
      assert.ok(closed.height < lineHeight * 2 + 40, `closed banner is ${closed.height} px high at ${width} px`);
      assert.is(await banner.getByRole('listitem').count(), 0, 'the list is closed');
      await shot(page, `placeholder-banner-closed-${width}`);

      await summary.click();
      const count = Number(/^(\d+)/.exec(await summary.innerText())![1]);
      const items = banner.getByRole('listitem');
      await items.first().waitFor();
      assert.is(await items.count(), count, 'the summary counts the lines of the list');
      assert.ok(count >= 10, `a fresh install has many samples: ${count}`);
      assert.is(await banner.getByRole('link').count(), count, 'every line links to its field');
      assert.equal(await seriousAxeViolations(page), [], 'open banner');
      await shot(page, `placeholder-banner-open-${width}`);

      await banner.getByRole('link', { name: 'WhatsApp number is still the sample' }).click();
      await page.waitForFunction(() => document.activeElement?.id === 'storefront-contact-whatsapp_number');
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test.run();
