/**
 * A refused Storefront save says what is wrong under the field, by its label (not the JSON path,
 * not in an alert), marks the field aria-invalid and focuses it; typing clears it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';
import { shot } from './public-kit';

const activeId = (page: import('playwright-core').Page): Promise<string | undefined> =>
  page.evaluate(() => document.activeElement?.id);

for (const width of [1280, 390]) {
  test(`${width} px: a refused contact and a refused checkout link are said under their fields, marked and focused`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page, dialogs } = admin;
    try {
      await loginAndWait(page);
      await openTab(page, 'Storefront');
      const whatsapp = page.getByLabel('WhatsApp number');
      await whatsapp.fill('0812345678');
      await page.getByRole('button', { name: 'Save' }).click();
      const error = page.getByText(
        'WhatsApp number must be 8 to 15 digits, country code first (62 for Indonesia, not 0), as wa.me wants',
      );
      await error.waitFor();
      assert.is(await whatsapp.getAttribute('aria-invalid'), 'true');
      assert.is(await activeId(page), 'storefront-contact-whatsapp_number');
      assert.match((await whatsapp.getAttribute('aria-describedby')) ?? '', /storefront-contact-whatsapp_number-error/);
      assert.equal(dialogs.ofType('alert'), [], 'no alert');
      assert.not.match(await page.locator('body').innerText(), 'contacts.whatsapp_number');
      assert.equal(await seriousAxeViolations(page), [], 'form with the error');
      await shot(page, `storefront-field-error-${width}`);

      await whatsapp.fill('6281122223333');
      await error.waitFor({ state: 'detached' });
      assert.is(await whatsapp.getAttribute('aria-invalid'), null);

      const checkout = page.getByRole('textbox', { name: 'LoopStream Set 2 checkout link' });
      await checkout.fill('lynk.id/x');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('LoopStream Set 2 checkout link must be an http:// or https:// address').waitFor();
      assert.is(await checkout.getAttribute('aria-invalid'), 'true');
      assert.is(await activeId(page), 'storefront-plan-loopstream-set-2-checkout');
      assert.equal(dialogs.ofType('alert'), [], 'still no alert: nothing was saved');
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test.run();
