/** axe-core on each page at a phone's and a laptop's width: serious and critical violations per route. */
import { createRequire } from 'node:module';
import { launchBrowser } from '../../test/browser-harness';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');
/** After network idle: the page's scripts (whole-page or per-island hydration) have had time to run. */
const SETTLE_MS = 1000;

type Violation = { id: string; impact: string; count: number };

export async function runAxe(urls: string[]): Promise<Map<string, string[]>> {
  const browser = await launchBrowser();
  const found = new Map<string, string[]>();
  try {
    for (const width of [390, 1280]) {
      // axe is injected as an inline script, which our own CSP rightly forbids.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(SETTLE_MS);
        await page.addScriptTag({ path: AXE_PATH });
        const violations: Violation[] = await page.evaluate(async () => {
          type Result = { violations: Array<{ id: string; impact: string; nodes: unknown[] }> };
          const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
          const result = await axe.run(document);
          return result.violations.map((item) => ({ id: item.id, impact: item.impact, count: item.nodes.length }));
        });
        const serious = violations.filter((item) => item.impact === 'serious' || item.impact === 'critical');
        const key = new URL(url).pathname;
        found.set(key, [...(found.get(key) ?? []), ...serious.map((item) => `${item.id}@${width}px×${item.count}`)]);
        for (const item of violations.filter((entry) => !serious.includes(entry)))
          console.log(`  axe ${key} @${width}px: ${item.impact} ${item.id} ×${item.count}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return found;
}
