/**
 * `npm run audit:pages [route...]`: Lighthouse (mobile, simulated throttling) and axe-core on every
 * public route of the existing build (BUILD_OUT or dist), in Debian's Chromium, served on
 * 127.0.0.1 from a temporary data directory. Each page is measured beside its static twin (the same
 * HTML, all CSS inline, no script; see static-twin.ts), runs alternating so the machine's noise
 * falls on both alike; figures are medians of AUDIT_RUNS (3) runs each.
 *
 * Targets: performance, accessibility, best practices and SEO 100; FCP and LCP within 10% of the
 * twin; TBT on `/` ≤ 50 ms; CLS 0; at most 80 KB of compressed JavaScript on `/`; no serious or
 * critical axe violation. Timing figures (performance, FCP, LCP, TBT) move with the machine's load,
 * so their misses are marked but only the other targets fail the run (exit code 1).
 */
import { rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromePath, CHROME_ARGS, launchBrowser } from '../test/browser-harness';
import { startServer } from '../test/harness';
import { buildTwins, twinPath } from './static-twin';
import { PAGE_META } from '../web/content/page-meta';

/** Every public page (the sitemap's list). */
const ROUTES = [...PAGE_META.map((meta) => meta.path)];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.AUDIT_RUNS || 3);
const MAX_JS_ON_HOME = 80 * 1024;
const MAX_TBT_ON_HOME = 50;
const MAX_TWIN_RATIO = 1.1;
const only = process.argv.slice(2);
const require = createRequire(import.meta.url);
const PUBLIC_DIR = join(process.env.BUILD_OUT || 'dist', 'public');

type Run = { scores: Record<string, number>; fcp: number; lcp: number; tbt: number; cls: number; jsBytes: number };
type Row = { route: string; page: Run; twin: Run; axe: string[] };

/** Brotli size of a built file (as served to browsers that accept br), else its plain size. */
async function compressedSize(urlPath: string): Promise<number> {
  const file = join(PUBLIC_DIR, urlPath);
  const info = (await stat(`${file}.br`).catch(() => undefined)) ?? (await stat(file).catch(() => undefined));
  return info?.size ?? 0;
}

async function runLighthouse(url: string, port: number, categories: readonly string[], attempt = 1): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // On a busy machine a run sometimes fails outright (no paint seen in time): one retry.
  if (lhr.runtimeError && attempt < 2) {
    console.log(`  ${url}: ${lhr.runtimeError.code}, retrying`);
    return runLighthouse(url, port, categories, attempt + 1);
  }
  const scores = Object.fromEntries(
    categories.map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)]),
  );
  const items =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)
      ?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script').map((item) => new URL(item.url).pathname);
  const metric = (id: string): number => Number(lhr.audits[id]?.numericValue ?? 0);
  return {
    scores,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsBytes: (await Promise.all(scripts.map(compressedSize))).reduce((sum, size) => sum + size, 0),
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Medians per figure (each on its own: the median FCP and the median LCP may come from different runs). */
function medianRun(runs: Run[]): Run {
  const of = (pick: (run: Run) => number): number => median(runs.map(pick));
  const scores = Object.fromEntries(
    Object.keys(runs[0]?.scores ?? {}).map((key) => [key, of((run) => run.scores[key] ?? 0)]),
  );
  return {
    scores,
    fcp: of((run) => run.fcp),
    lcp: of((run) => run.lcp),
    tbt: of((run) => run.tbt),
    cls: of((run) => run.cls),
    jsBytes: of((run) => run.jsBytes),
  };
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
        await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'), null, {
          timeout: 10_000,
        });
        await page.addScriptTag({ path: require.resolve('axe-core') });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>;
              };
            }
          ).axe;
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

/** Misses of one row: timing ones (marked only) and the others (which fail the run). */
function misses(row: Row): { timing: string[]; other: string[] } {
  const timing: string[] = [];
  const other = CATEGORIES.filter((key) => key !== 'performance' && (row.page.scores[key] ?? 0) < 100) as string[];
  if ((row.page.scores.performance ?? 0) < 100) timing.push('performance');
  if (row.page.fcp > row.twin.fcp * MAX_TWIN_RATIO) timing.push('FCP');
  if (row.page.lcp > row.twin.lcp * MAX_TWIN_RATIO) timing.push('LCP');
  if (row.route === '/' && row.page.tbt > MAX_TBT_ON_HOME) timing.push('TBT');
  if (row.page.cls >= 0.0005) other.push('CLS');
  if (row.route === '/' && row.page.jsBytes > MAX_JS_ON_HOME) other.push('JS size');
  if (row.axe.length > 0) other.push('axe');
  return { timing, other };
}

const routes = ROUTES.filter((route) => only.length === 0 || only.includes(route));
const twinsDir = await buildTwins(PUBLIC_DIR, routes);
const server = await startServer({ PUBLIC_DIR: twinsDir });
const chrome = await launch({ chromePath: chromePath(), chromeFlags: CHROME_ARGS });
const rows: Row[] = [];
try {
  for (const route of routes) {
    const pageRuns: Run[] = [];
    const twinRuns: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      pageRuns.push(await runLighthouse(server.url + route, chrome.port, CATEGORIES));
      twinRuns.push(await runLighthouse(server.url + twinPath(route), chrome.port, ['performance']));
    }
    const row: Row = { route, page: medianRun(pageRuns), twin: medianRun(twinRuns), axe: [] };
    rows.push(row);
    const ms = (runs: Run[], pick: (run: Run) => number): string => runs.map((run) => pick(run).toFixed(0)).join('/');
    console.log(
      `${route.padEnd(16)} FCP ${ms(pageRuns, (run) => run.fcp)} (twin ${ms(twinRuns, (run) => run.fcp)})  LCP ${ms(pageRuns, (run) => run.lcp)} (twin ${ms(twinRuns, (run) => run.lcp)})  TBT ${ms(pageRuns, (run) => run.tbt)}`,
    );
  }
  const axe = await runAxe(routes.map((route) => server.url + route));
  for (const row of rows) row.axe = axe.get(row.route) ?? [];
} finally {
  chrome.kill();
  await server.close();
  await rm(dirname(twinsDir), { recursive: true, force: true });
}

console.log(`\nmedians of ${RUNS} runs each; ×twin = page / its static twin (target ≤ ${MAX_TWIN_RATIO})`);
console.log(
  'route            perf a11y best seo  FCP ms  LCP ms  TBT ms  CLS    | twin FCP  LCP   TBT | FCP×  LCP×  | JS KB  axe',
);
let failed = false;
for (const row of rows) {
  const { page, twin } = row;
  const { timing, other } = misses(row);
  failed ||= other.length > 0;
  const cells = [
    row.route.padEnd(16),
    ...CATEGORIES.map((key) => String(page.scores[key]).padStart(4)),
    page.fcp.toFixed(0).padStart(7),
    page.lcp.toFixed(0).padStart(7),
    page.tbt.toFixed(0).padStart(7),
    ` ${page.cls.toFixed(3)}  |`,
    twin.fcp.toFixed(0).padStart(8),
    twin.lcp.toFixed(0).padStart(5),
    twin.tbt.toFixed(0).padStart(5),
    ' |',
    (page.fcp / twin.fcp).toFixed(2).padStart(5),
    (page.lcp / twin.lcp).toFixed(2).padStart(5),
    ' |',
    (page.jsBytes / 1024).toFixed(1).padStart(6),
    ` ${row.axe.join(', ') || 'none'}`,
    [...timing, ...other].length ? `   ✘ ${[...timing, ...other].join(', ')}` : '',
  ];
  console.log(cells.join(' '));
}
process.exit(failed ? 1 : 0);
