/**
 * `npm run audit:pages`: Lighthouse (mobile, simulated throttling) and axe-core on every public route
 * of the existing build (BUILD_OUT or dist), served on 127.0.0.1 from a temporary data directory,
 * in Debian's Chromium. Prints each route's scores and fails when a target is missed:
 * performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100, no serious or critical axe
 * violation, CLS < 0.02, and at most 80 KB of compressed JavaScript on `/`.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromePath, CHROME_ARGS, launchBrowser } from '../test/browser-harness';
import { startServer } from '../test/harness';

const ROUTES = ['/', '/loopbot', '/loopstream', '/prompts', '/tutorial', '/help', '/privacy-policy', '/terms-of-use'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
const MAX_JS_ON_HOME = 80 * 1024;
const MAX_CLS = 0.02;
const only = process.argv.slice(2);
const require = createRequire(import.meta.url);

const PUBLIC_DIR = join(process.env.BUILD_OUT || 'dist', 'public');

/** Brotli size of a built file (as served to browsers that accept br), else its plain size. */
async function compressedSize(urlPath: string): Promise<number> {
  const file = join(PUBLIC_DIR, urlPath);
  const info = (await stat(`${file}.br`).catch(() => undefined)) ?? (await stat(file).catch(() => undefined));
  return info?.size ?? 0;
}

type Row = { route: string; scores: Record<string, number>; cls: number; jsBytes: number; axe: string[] };

async function runLighthouse(url: string, port: number, attempt = 1): Promise<Omit<Row, 'route' | 'axe'>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS), formFactor: 'mobile' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // On a busy machine a run sometimes fails outright (no paint seen in time): one retry.
  if (lhr.runtimeError && attempt < 2) {
    console.log(`  ${url}: ${lhr.runtimeError.code}, retrying`);
    return runLighthouse(url, port, attempt + 1);
  }
  const scores = Object.fromEntries(Object.keys(TARGETS).map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]));
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script').map((item) => new URL(item.url).pathname);
  const jsBytes = (await Promise.all(scripts.map(compressedSize))).reduce((sum, size) => sum + size, 0);
  for (const [key, score] of Object.entries(scores)) {
    if (score >= TARGETS[key as keyof typeof TARGETS]) continue;
    const failing = Object.values(lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual');
    console.log(`  ${url} ${key} ${score}: ${failing.map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`).join(', ')}`);
    break;
  }
  return { scores, cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0), jsBytes };
}

async function runAxe(urls: string[]): Promise<Map<string, string[]>> {
  const browser = await launchBrowser();
  const found = new Map<string, string[]>();
  try {
    for (const width of [390, 1280]) {
      // axe is injected as an inline script, which our own CSP rightly forbids.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      for (const url of urls) {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, { timeout: 10_000 });
        await page.addScriptTag({ path: require.resolve('axe-core') });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe;
          const result = await axe.run(document);
          return result.violations.map((item) => ({ id: item.id, impact: item.impact, count: item.nodes.length }));
        });
        const serious = violations.filter((item) => item.impact === 'serious' || item.impact === 'critical');
        const key = new URL(url).pathname;
        found.set(key, [...(found.get(key) ?? []), ...serious.map((item) => `${item.id}@${width}px×${item.count}`)]);
        for (const item of violations.filter((entry) => !serious.includes(entry))) console.log(`  axe ${key} @${width}px: ${item.impact} ${item.id} ×${item.count}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return found;
}

const server = await startServer();
const chrome = await launch({ chromePath: chromePath(), chromeFlags: CHROME_ARGS });
const rows: Row[] = [];
try {
  const routes = ROUTES.filter((route) => only.length === 0 || only.includes(route));
  for (const route of routes) {
    const measured = await runLighthouse(server.url + route, chrome.port);
    rows.push({ route, ...measured, axe: [] });
    console.log(`${route.padEnd(16)} ${Object.values(measured.scores).join(' / ')}  CLS ${measured.cls.toFixed(3)}  JS ${(measured.jsBytes / 1024).toFixed(1)} KB`);
  }
  const axe = await runAxe(routes.map((route) => server.url + route));
  for (const row of rows) row.axe = axe.get(row.route) ?? [];
} finally {
  chrome.kill();
  await server.close();
}

console.log('\nroute            perf  a11y  best  seo   CLS    JS KB  axe serious/critical');
let failed = false;
for (const row of rows) {
  const misses = Object.entries(TARGETS).filter(([key, target]) => (row.scores[key] ?? 0) < target).map(([key]) => key);
  if (row.cls >= MAX_CLS) misses.push('CLS');
  if (row.route === '/' && row.jsBytes > MAX_JS_ON_HOME) misses.push('JS size');
  if (row.axe.length > 0) misses.push('axe');
  failed ||= misses.length > 0;
  const cells = Object.keys(TARGETS).map((key) => String(row.scores[key]).padEnd(6)).join('');
  console.log(`${row.route.padEnd(17)}${cells}${row.cls.toFixed(3).padEnd(7)}${(row.jsBytes / 1024).toFixed(1).padEnd(7)}${row.axe.join(', ') || 'none'}${misses.length ? `   ✘ ${misses.join(', ')}` : ''}`);
}
process.exit(failed ? 1 : 0);
