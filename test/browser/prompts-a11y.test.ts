import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from '../browser-harness';
import { call, loginCookie, startServer } from '../harness';

/** axe-core over /prompts in its states (list, modal, empty, offline) on a phone and a desktop width. */

const require = createRequire(import.meta.url);
type Violation = { id: string; impact: string | null; nodes: number };

async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core') });
  return page.evaluate(async () => {
    const runner = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }>;
        };
      }
    ).axe;
    const result = await runner.run(document);
    return result.violations.map((item) => ({ id: item.id, impact: item.impact, nodes: item.nodes.length }));
  });
}

async function expectClean(page: Page, state: string): Promise<void> {
  const violations = await axe(page);
  assert.equal(
    violations,
    [],
    `axe on ${state}: ${violations.map((item) => `${item.impact} ${item.id} ×${item.nodes}`).join(', ')}`,
  );
}

test('prompts page: no axe violation in any state, at 390 and 1280 px', async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const cookie = await loginCookie(server.url);
    for (let index = 1; index <= 14; index++) {
      const form = new FormData();
      form.set('title', `Prompt Santai ${index}`);
      form.set('description', 'Untuk live streaming YouTube sepanjang malam dengan suasana tenang.');
      form.set(index % 2 ? 'prompt_template' : 'prompt_music', `Teks prompt ${index}`);
      const answer = await call(server.url, 'POST', '/api/prompt/create', { body: form, cookie });
      assert.is(answer.status, 200, answer.text);
    }
    for (const width of [390, 1280]) {
      // axe is injected as an inline script, which the site's CSP rightly forbids.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      context.setDefaultTimeout(15_000);
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/prompts`);
        await page.locator('article.prompts-card').first().waitFor();
        await expectClean(page, `the list at ${width}px`);

        await page.locator('article.prompts-card h2 button').first().click();
        await page.getByRole('dialog').waitFor();
        await expectClean(page, `the modal at ${width}px`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });

        await page.getByRole('searchbox', { name: 'Cari prompt' }).fill('tidak ada yang cocok');
        await page.getByText('Tidak ada prompt ditemukan').waitFor();
        await expectClean(page, `the empty result at ${width}px`);

        await context.setOffline(true);
        await page.getByRole('searchbox', { name: 'Cari prompt' }).fill('santai');
        await page.getByText('Anda sedang offline').waitFor();
        await expectClean(page, `the offline notice at ${width}px`);
        await context.setOffline(false);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
});

test.run();
