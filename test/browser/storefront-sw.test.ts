/**
 * With the service worker in control, a storefront change shows on the next visit: the page
 * comes from the network with the new price, and the new earnings screenshot replaces the
 * precached sample (its versioned address is never answered with an older copy).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';
import { gradientPng } from '../png-fixture';

test('service worker: a saved price and an uploaded screenshot show on the next visit', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await page.locator('.earnings-desktop img').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => ((document.querySelector('.earnings-desktop img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );

    const cookie = await loginCookie(server.url);
    const { storefront } = (await call(server.url, 'GET', '/api/storefront')).json as { storefront: Storefront };
    const body = {
      ...storefront,
      plans: storefront.plans.map((plan) => (plan.id === 'loopbot-6-bulan' ? { ...plan, price_idr: 654_321 } : plan)),
    };
    assert.is((await call(server.url, 'PUT', '/api/storefront', { cookie, body })).status, 200);
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(gradientPng(1500, 1000))], { type: 'image/png' }), 'shot.png');
    const upload = await call(server.url, 'POST', '/api/storefront/earnings-image', {
      cookie,
      body: form,
      headers: { origin: server.url },
    });
    assert.is(upload.status, 200, upload.text);

    await page.goto(`${server.url}/loopbot`);
    assert.ok(await page.getByText('Rp 654.321', { exact: true }).isVisible(), 'the new price on the next visit');
    await page.goto(`${server.url}/`);
    const shot = page.locator('.earnings-desktop img');
    await shot.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const image = document.querySelector('.earnings-desktop img') as HTMLImageElement | null;
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    const seen = await shot.evaluate((image: HTMLImageElement) => ({
      src: image.currentSrc,
      width: image.naturalWidth,
      height: image.naturalHeight,
    }));
    assert.match(seen.src, /\/images\/adsense-earnings(-640)?\.webp\?v=[a-f0-9]{12}$/);
    // Intrinsic sizes of a srcset image are scaled by its density: compare shapes. The upload is kept whole
    // (3:2), which tells it from the sample's 16:10.
    assert.ok(
      seen.height > 0 && Math.abs(seen.width / seen.height - 3 / 2) < 0.02,
      `the uploaded screenshot, not the sample: ${JSON.stringify(seen)}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
});

test.run();
