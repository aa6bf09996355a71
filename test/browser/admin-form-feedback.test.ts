/**
 * Feedback where the eye is: prompt form errors next to their field, in view and
 * focused (both widths); removing a prompt's image; unknown template variables listed under the
 * preview; the tries left before the login lock.
 */
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, call, loginCookie } from '../harness';
import { gradientPng } from '../png-fixture';
import { login, loginAndWait, openAdmin, openTab, seriousAxeViolations } from './admin-kit';
import { shot } from './public-kit';

/** The element is inside the viewport, top to bottom. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const box = document.querySelector(wanted)!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
}

const focusedName = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

for (const width of [390, 1280]) {
  test(`prompt form at ${width} px: each error under its field, in view, focus on the first; axe clean`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page, dialogs } = admin;
    try {
      await loginAndWait(page);
      await openTab(page, 'Prompt AI');
      await page.getByRole('button', { name: 'Add Prompt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Prompt' });
      await dialog.getByLabel('Title').fill('Only a title');
      // The owner scrolled down to the image before pressing the button.
      await dialog.getByLabel(/^Image/).scrollIntoViewIfNeeded();
      await dialog.getByRole('button', { name: 'Create Prompt' }).click();
      const error = dialog
        .getByRole('alert')
        .getByText('Enter at least one of the template prompt or the music prompt.');
      await error.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'prompt_template');
      assert.ok(await inView(page, '#prompt-content-error'), 'the error is in view');
      assert.is(await dialog.getByLabel('Template prompt').getAttribute('aria-invalid'), 'true');
      assert.equal(await seriousAxeViolations(page), [], 'form with an error');
      await shot(page, `h8-prompt-error-${width}`);

      // Both missing: the title comes first.
      await dialog.getByLabel('Title').fill('');
      await dialog.getByLabel(/^Image/).scrollIntoViewIfNeeded();
      await dialog.getByRole('button', { name: 'Create Prompt' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'title');
      assert.ok(await inView(page, '#prompt-title-error'));
      assert.is(await dialog.getByRole('alert').count(), 2);

      await dialog.getByLabel('Title').fill('Fixed');
      await dialog.getByLabel('Music prompt').fill('lofi');
      await dialog.getByRole('button', { name: 'Create Prompt' }).click();
      assert.is(await dialogs.nextAlert(), 'Prompt created successfully!');
      assert.is(await focusedName(page), null);
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test('editing a prompt can remove its image (Keep image undoes it); the file is gone', async () => {
  const admin = await openAdmin();
  const { page, dialogs, server } = admin;
  try {
    const cookie = await loginCookie(server.url);
    const form = new FormData();
    form.set('title', 'With a cover');
    form.set('prompt_template', 'template');
    form.set('image', new Blob([new Uint8Array(gradientPng(640, 360))], { type: 'image/png' }), 'cover.png');
    const created = await call(server.url, 'POST', '/api/prompt/create', {
      cookie,
      body: form,
      headers: { origin: server.url },
    });
    const imageUrl = String((created.json.prompt as { image_url: string }).image_url);
    await loginAndWait(page);
    await openTab(page, 'Prompt AI');
    const card = page.locator('article[data-prompt-id]', { hasText: 'With a cover' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Prompt' });
    await dialog.getByRole('img', { name: 'Selected image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await dialog.getByText('The image is removed when you save.').waitFor();
    assert.is(await dialog.getByRole('img').count(), 0);
    await dialog.getByRole('button', { name: 'Keep image' }).click();
    await dialog.getByRole('img', { name: 'Selected image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await shot(page, 'h8-prompt-remove-image-1280');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    assert.is(await dialogs.nextAlert(), 'Prompt updated successfully!');
    await card.getByText('No image').waitFor();
    assert.is((await call(server.url, 'GET', imageUrl)).status, 404);
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

for (const width of [390, 1280]) {
  test(`settings at ${width} px: unknown variables such as {nama_admin} are listed under the preview`, async () => {
    const admin = await openAdmin({ viewport: { width, height: 844 }, bypassCSP: true });
    const { page, server } = admin;
    try {
      const cookie = await loginCookie(server.url);
      await call(server.url, 'POST', '/api/config/set', {
        cookie,
        body: {
          config_key: 'loopbot_template',
          config_value: 'Halo {nama_admin}, kunci {license_key} sampai {expired_date}. {Download_URL} {nama_admin}',
        },
      });
      await loginAndWait(page);
      await openTab(page, 'Settings & Config');
      await page.getByRole('button', { name: 'Preview loopbot_template' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview: loopbot_template' });
      const unknown = preview.getByTestId('unknown-variables');
      await unknown.waitFor();
      assert.equal(await unknown.locator('li').allInnerTexts(), ['{nama_admin}', '{Download_URL}']);
      assert.not.match(await preview.getByTestId('template-preview').innerText(), '{license_key}');
      assert.equal(await seriousAxeViolations(page), [], 'preview with unknown variables');
      await shot(page, `h8-unknown-variables-${width}`);
      await page.keyboard.press('Escape');

      // The edit form's own preview says the same, and nothing when all are known.
      await page.getByRole('button', { name: 'Edit loopbot_template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Config' });
      await dialog.getByRole('button', { name: 'Preview template' }).click();
      await dialog.getByTestId('unknown-variables').getByText('{nama_admin}').waitFor();
      await dialog.getByLabel('Value').fill('Kunci {license_key}');
      await dialog.getByRole('button', { name: 'Preview template' }).click();
      await dialog
        .getByTestId('template-preview')
        .getByText(/^Kunci /)
        .waitFor();
      assert.is(await dialog.getByTestId('unknown-variables').count(), 0);
      assert.equal(admin.problems, []);
    } finally {
      await admin.close();
    }
  });
}

test('login: from the 3rd failure the alert says how many tries are left', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  try {
    for (let attempt = 0; attempt < 4; attempt++) await login(page, `wrong-${attempt}`);
    assert.equal(
      [await dialogs.nextAlert(), await dialogs.nextAlert(), await dialogs.nextAlert(), await dialogs.nextAlert()],
      [
        'Invalid username or password',
        'Invalid username or password',
        'Invalid username or password. 2 tries left before sign-in is locked for up to 15 minutes.',
        'Invalid username or password. 1 try left before sign-in is locked for up to 15 minutes.',
      ],
    );
    await login(page, ADMIN.password);
    await page.getByRole('tablist').waitFor();
  } finally {
    await admin.close();
  }
});

test.run();
