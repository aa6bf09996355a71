/** Shared steps of the public-page browser tests on a phone and a laptop: open, measure, axe, shots. */
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from '../harness';

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 860 };

export type Opened = { page: Page; context: BrowserContext; problems: string[] };
export type Box = { top: number; right: number; bottom: number; left: number; width: number; height: number };

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');

/** Sums layout shifts not caused by input, from the very first paint (read with `layoutShift`). */
const CLS_PROBE = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * A hydrated page in a fresh context that never reaches beyond our server, in Asia/Jakarta; a
 * phone width gets touch. `bypassCSP` only where axe is injected (an inline script).
 */
export async function openPublic(
  browser: Browser,
  server: TestServer,
  path: string,
  viewport: { width: number; height: number },
  options: { bypassCSP?: boolean } = {},
): Promise<Opened> {
  const phone = viewport.width < 768;
  const context = await browser.newContext({
    viewport,
    timezoneId: 'Asia/Jakarta',
    hasTouch: phone,
    isMobile: phone,
    bypassCSP: options.bypassCSP ?? false,
  });
  context.setDefaultTimeout(15_000);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(server.url) ? route.continue() : route.abort(),
  );
  await context.addInitScript(CLS_PROBE);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
    timeout: 10_000,
  });
  return { page, context, problems };
}

export async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, right, bottom, left, width, height } = element.getBoundingClientRect();
    return { top, right, bottom, left, width, height };
  });
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Cumulative layout shift so far (shifts right after input do not count, as in the metric). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

/** Every axe violation, whatever its impact, as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations.map(
      (item) => `${item.impact} ${item.id} at ${JSON.stringify(item.nodes.slice(0, 3).map((node) => node.target))}`,
    );
  });
}

/** Saves a screenshot under SHOTS_DIR when it is set (to be looked at), else does nothing. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}
