import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie } from '../harness';
import { loginAndWait, openAdmin, openTab } from './admin-kit';

/** Markup that would run if any page put stored text into the DOM as HTML. */
const PAYLOAD = `<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><b>bold?</b>`;

test('XSS payloads in prompts, LoopStream records and settings render as text, public page and admin', async () => {
  // Without our CSP, so only the rendering itself stands between the payload and the page.
  const session = await openAdmin({ bypassCSP: true });
  const { page, server } = session;
  try {
    const cookie = await loginCookie(server.url);
    const form = new FormData();
    form.set('title', `Judul ${PAYLOAD}`);
    form.set('description', `Deskripsi ${PAYLOAD}`);
    form.set('prompt_template', `Template ${PAYLOAD}`);
    form.set('prompt_music', `Music ${PAYLOAD}`);
    assert.is((await call(server.url, 'POST', '/api/prompt/create', { body: form, cookie })).status, 200);
    const loopstream = {
      package_type: 'Paket 1',
      customer_name: `Pelanggan ${PAYLOAD}`,
      ip_server: '203.0.113.9',
      expired_date: '2099-01-01T00:00',
    };
    assert.is((await call(server.url, 'POST', '/api/loopstream/create', { body: loopstream, cookie })).status, 200);
    const config = { config_key: 'xss_note', config_value: `Nilai ${PAYLOAD}`, description: `Catatan ${PAYLOAD}` };
    assert.is((await call(server.url, 'POST', '/api/config/set', { body: config, cookie })).status, 200);

    const injected = (): Promise<{ xss: unknown; images: number; bold: number }> =>
      page.evaluate(() => ({
        xss: (window as unknown as { __xss?: unknown }).__xss,
        images: document.querySelectorAll('img[src="x"]').length,
        bold: [...document.querySelectorAll('b')].filter((element) => element.textContent === 'bold?').length,
      }));

    await page.goto(`${server.url}/prompts`);
    await page.getByText(`Judul ${PAYLOAD}`).first().waitFor();
    await page.getByText(`Judul ${PAYLOAD}`).first().click();
    await page.getByRole('dialog').getByText(`Template ${PAYLOAD}`).waitFor();
    assert.equal(await injected(), { xss: undefined, images: 0, bold: 0 }, 'public prompt page and modal');

    await page.goto(`${server.url}/admin`);
    await loginAndWait(page);
    await openTab(page, 'Prompt AI');
    await page.getByText(`Judul ${PAYLOAD}`).first().waitFor();
    await openTab(page, 'LoopStream UI');
    await page.getByText(`Pelanggan ${PAYLOAD}`).first().waitFor();
    await openTab(page, 'Settings & Config');
    await page.getByText(`Nilai ${PAYLOAD}`).first().waitFor();
    assert.equal(await injected(), { xss: undefined, images: 0, bold: 0 }, 'admin tabs');
    assert.equal(session.problems, []);
  } finally {
    await session.close();
  }
});

test.run();
