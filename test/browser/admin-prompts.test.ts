import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginAndWait, openAdmin, openTab } from './admin-kit';

const card = (page: Page, title: string) => page.locator('article[data-prompt-id]', { hasText: title });

/** A photo-sized PNG drawn by the browser itself (no fixture files, nothing downloaded). */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w!, h!);
      gradient.addColorStop(0, '#3b4fd8');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w!, h!);
      for (let i = 0; i < 400; i++) {
        context.fillStyle = `hsl(${(i * 37) % 360} 70% 50%)`;
        context.fillRect((i * 97) % w!, (i * 53) % h!, 40, 40);
      }
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Records, from inside the page, every value the upload progress bar shows. */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar) seen.push(Number(bar.getAttribute('value')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
}

test('prompts: create with image (progress, 1280x720), edit, preview, copy, search, delete', async () => {
  const admin = await openAdmin();
  const { page, dialogs } = admin;
  const creates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/prompt/create')) creates.push(request.method());
  });
  try {
    await loginAndWait(page);
    await openTab(page, 'Prompt AI');
    await page.getByText('No prompts yet.').waitFor();

    await page.getByRole('button', { name: 'Add Prompt' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Prompt' });
    assert.ok(
      await dialog.getByText('At least one of the template prompt or the music prompt is required.').isVisible(),
    );
    assert.is(
      await dialog.getByLabel(/^Image/).getAttribute('accept'),
      '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp',
    );

    // Checked before sending: no title, then no template or music.
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await dialog.getByText('Title is required.').waitFor();
    await dialog.getByLabel('Title').fill('Sunset lo-fi');
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Enter at least one of the template prompt or the music prompt.')
      .waitFor();
    assert.equal(creates, []);

    // A text file dressed as PNG passes the picker but not the server: its error text is shown.
    await dialog.getByLabel('Template prompt').fill('Golden hour city skyline, warm tones, cinematic');
    await dialog
      .getByLabel(/^Image/)
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    const refused = await dialogs.nextAlert();
    assert.ok(refused.length > 0 && !refused.startsWith('Failed') && !refused.startsWith('Error'), refused);
    assert.is(await page.locator('article[data-prompt-id]').count(), 0);

    // A real photo: preview in the form, progress bar while sending, stored at 1280x720.
    await dialog
      .getByLabel(/^Image/)
      .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: await makePng(page, 2400, 1600) });
    const picked = dialog.getByRole('img', { name: 'Selected image preview' });
    assert.match((await picked.getAttribute('src')) ?? '', /^blob:/);
    await dialog.getByLabel('Music prompt').fill('lofi chill beats 80 bpm');
    await watchProgress(page);
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    assert.is(await dialogs.nextAlert(), 'Prompt created successfully!');
    const progressSeen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    assert.ok(progressSeen.length > 0, 'the progress bar was shown');
    assert.ok(
      progressSeen.some((value) => value === 100),
      `progress reached 100: ${progressSeen.join(',')}`,
    );
    await dialog.waitFor({ state: 'detached' });

    const sunset = card(page, 'Sunset lo-fi');
    const image = sunset.locator('img');
    assert.match((await image.getAttribute('src')) ?? '', /^\/api\/prompt\/image\/[^/]+$/);
    await image.evaluate((element: HTMLImageElement) =>
      element.complete && element.naturalWidth > 0
        ? undefined
        : new Promise((done) => element.addEventListener('load', done, { once: true })),
    );
    assert.equal(
      await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight]),
      [1280, 720],
    );
    assert.ok(await sunset.getByText('Template', { exact: true }).isVisible());
    assert.ok(await sunset.getByText('Music', { exact: true }).isVisible());

    // Edit mode: the selected prompt fills the form.
    await sunset.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Prompt' });
    assert.is(await dialog.getByLabel('Title').inputValue(), 'Sunset lo-fi');
    assert.is(await dialog.getByLabel('Music prompt').inputValue(), 'lofi chill beats 80 bpm');
    assert.match(
      (await dialog.getByRole('img', { name: 'Selected image preview' }).getAttribute('src')) ?? '',
      /^\/api\/prompt\/image\//,
    );
    await dialog.getByLabel('Title').fill('Sunset lo-fi (edited)');
    await dialog.getByLabel('Description').fill('Warm evening mood');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    assert.is(await dialogs.nextAlert(), 'Prompt updated successfully!');
    const edited = card(page, 'Sunset lo-fi (edited)');
    await edited.getByText('Warm evening mood').waitFor();
    assert.match((await edited.locator('img').getAttribute('src')) ?? '', /^\/api\/prompt\/image\//);

    // A second prompt with music only.
    await page.getByRole('button', { name: 'Add Prompt' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Prompt' });
    await dialog.getByLabel('Title').fill('Rainforest ambience');
    await dialog.getByLabel('Music prompt').fill('rain, birds, distant thunder');
    await dialog.getByRole('button', { name: 'Create Prompt' }).click();
    assert.is(await dialogs.nextAlert(), 'Prompt created successfully!');
    const rain = card(page, 'Rainforest ambience');
    await rain.waitFor();

    // Copy: template preferred, else music; empty kinds say so.
    await edited.getByRole('button', { name: 'Copy' }).click();
    assert.is(await dialogs.nextAlert(), 'Template prompt copied to clipboard!');
    assert.is(
      await page.evaluate(() => navigator.clipboard.readText()),
      'Golden hour city skyline, warm tones, cinematic',
    );
    await rain.getByRole('button', { name: 'Copy' }).click();
    assert.is(await dialogs.nextAlert(), 'Music prompt copied to clipboard!');
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'rain, birds, distant thunder');

    // Preview modal with both texts, each copyable.
    await rain.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Rainforest ambience' });
    await preview.getByText('rain, birds, distant thunder').waitFor();
    await preview.getByRole('button', { name: 'Copy template prompt' }).click();
    assert.is(await dialogs.nextAlert(), 'No content available for this prompt type');
    await preview.getByRole('button', { name: 'Copy music prompt' }).click();
    assert.is(await dialogs.nextAlert(), 'Music prompt copied to clipboard!');
    await preview.getByRole('button', { name: 'Close' }).first().click();
    await preview.waitFor({ state: 'detached' });

    // Search covers title, description, template and music.
    for (const [text, expected] of [
      ['THUNDER', 'Rainforest ambience'],
      ['evening mood', 'Sunset lo-fi (edited)'],
      ['skyline', 'Sunset lo-fi (edited)'],
    ] as const) {
      await page.getByLabel('Search prompts').fill(text);
      await page.waitForFunction((title) => {
        const cards = [...document.querySelectorAll('article[data-prompt-id] h3')];
        return cards.length === 1 && cards[0]!.textContent === title;
      }, expected);
    }
    await page.getByLabel('Search prompts').fill('');
    await page.waitForFunction(() => document.querySelectorAll('article[data-prompt-id]').length === 2);

    // Delete asks for confirmation.
    dialogs.plan(false);
    await rain.getByRole('button', { name: 'Delete' }).click();
    dialogs.plan(true);
    await rain.getByRole('button', { name: 'Delete' }).click();
    assert.is(await dialogs.nextAlert(), 'Prompt deleted successfully!');
    await rain.waitFor({ state: 'detached' });
    assert.is(await page.locator('article[data-prompt-id]').count(), 1);
    assert.equal(admin.problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
