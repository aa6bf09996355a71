/**
 * The earnings screenshot as a phone gives it (portrait): the Storefront tab previews the chosen
 * file whole before upload, and after the upload the home page shows the whole picture at 390 and
 * 1280 px (fitted, never cropped). Screenshots under SHOTS_DIR.
 */
import type { Locator } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gradientPng } from '../png-fixture';
import { loginAndWait, openAdmin, openTab } from './admin-kit';
import { shot } from './public-kit';

const PORTRAIT = { width: 720, height: 1560 };

/** The picture's drawn rectangle inside the <img> box (object-fit), and the box itself. */
function drawn(
  image: Locator,
): Promise<{ box: { width: number; height: number }; picture: { width: number; height: number }; fit: string }> {
  return image.evaluate((element: HTMLImageElement) => {
    const box = element.getBoundingClientRect();
    const fit = getComputedStyle(element).objectFit;
    const scale =
      fit === 'cover'
        ? Math.max(box.width / element.naturalWidth, box.height / element.naturalHeight)
        : Math.min(box.width / element.naturalWidth, box.height / element.naturalHeight);
    const stretched = fit === 'fill' || fit === '';
    return {
      box: { width: box.width, height: box.height },
      picture: stretched
        ? { width: box.width, height: box.height }
        : { width: element.naturalWidth * scale, height: element.naturalHeight * scale },
      fit,
    };
  });
}

/** The whole picture is inside the box and keeps its aspect. */
function assertWhole(shown: Awaited<ReturnType<typeof drawn>>, what: string): void {
  const { box, picture } = shown;
  assert.ok(
    picture.width <= box.width + 1 && picture.height <= box.height + 1,
    `${what}: picture ${JSON.stringify(shown)} cut by its box`,
  );
  assert.ok(
    Math.abs(picture.width / picture.height - PORTRAIT.width / PORTRAIT.height) < 0.02,
    `${what}: aspect kept ${JSON.stringify(shown)}`,
  );
}

test('a portrait screenshot: previewed whole before upload, then shown whole on the home page at 390 and 1280 px', async () => {
  const admin = await openAdmin({ viewport: { width: 1280, height: 900 } });
  const { page, dialogs, context, server } = admin;
  try {
    await loginAndWait(page);
    await openTab(page, 'Storefront');
    const file = page.getByLabel('New screenshot');
    await file.setInputFiles({
      name: 'adsense.png',
      mimeType: 'image/png',
      buffer: gradientPng(PORTRAIT.width, PORTRAIT.height),
    });
    const preview = page.getByRole('img', { name: 'Preview of the new screenshot' });
    await preview.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('img[alt="Preview of the new screenshot"]')?.naturalWidth ?? 0) > 0,
    );
    assert.ok((await preview.getAttribute('src'))?.startsWith('blob:'), 'the chosen file itself, before any upload');
    assertWhole(await drawn(preview), 'admin preview');
    await page.getByText(`${PORTRAIT.width} × ${PORTRAIT.height} px`, { exact: false }).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'earnings-preview-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await preview.scrollIntoViewIfNeeded();
    assertWhole(await drawn(preview), 'admin preview at 390 px');
    await shot(page, 'earnings-preview-390');

    await page.getByRole('button', { name: 'Upload screenshot' }).click();
    assert.is(await dialogs.nextAlert(), 'Earnings screenshot saved successfully!');
    await preview.waitFor({ state: 'detached' });
    const current = page.getByRole('img', { name: 'The earnings screenshot the home page shows' });
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img[alt="The earnings screenshot the home page shows"]');
      return Boolean(image && image.naturalHeight > image.naturalWidth);
    });
    assertWhole(await drawn(current), 'the saved screenshot in the admin');

    const home = await context.newPage();
    for (const [width, height, selector] of [
      [390, 844, '.earnings-mobile img'],
      [1280, 860, '.earnings-desktop img'],
    ] as const) {
      await home.setViewportSize({ width, height });
      await home.goto(`${server.url}/`);
      const image = home.locator(selector);
      await image.scrollIntoViewIfNeeded();
      await home.waitForFunction(
        (css) => (document.querySelector<HTMLImageElement>(css)?.naturalWidth ?? 0) > 0,
        selector,
      );
      const shown = await drawn(image);
      assertWhole(shown, `home at ${width} px`);
      assert.ok(shown.box.height <= height, `home at ${width} px: the frame fits the screen (${shown.box.height} px)`);
      await shot(home, `earnings-home-${width}`);
    }
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
