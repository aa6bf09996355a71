/**
 * `npm run audit:pages -- [--runs N] [--route /path]... [--no-lighthouse | --trace-only] [--json FILE] [--dist DIR]`:
 * every public page of a build (BUILD_OUT, dist, or --dist) beside its static twin (the same HTML,
 * CSS inline, no script; see static-twin.ts), both served by that build's own server, judged twice:
 *   1. Lighthouse (mobile, simulated throttling): TBT, FCP, LCP, CLS and the four category scores;
 *   2. a real-time Chromium trace at 4× CPU throttling (audit/trace-run.ts): the page's script
 *      main-thread time (evaluation, compilation, hydration) and its longest tasks;
 * plus the JavaScript the page transfers (brotli, as the server sends it) and axe-core. It ends
 * with the Must-show table (audit/must-show.ts) and exits 1 when a point fails.
 *
 * Why medians of interleaved runs: this machine is shared by several sessions, and a single run's
 * TBT or trace can double when a neighbour compiles or benches. Each route's runs alternate page,
 * twin, page, twin... so a burst of load falls on both sides alike instead of on one, and every
 * figure is the median of its runs (min–max printed beside it), which ignores the one or two runs
 * a burst spoiled where a mean would not. Compare a page with its twin from the same run, not
 * with figures from another run.
 */
import { rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromePath, CHROME_ARGS, launchBrowser } from '../../test/browser-harness';
import { importOptionalTool } from '../optional-tools/optional-tool';
import { runAxe } from './axe';
import { jsTransferred } from './js-bytes';
import { runLighthouse } from './lighthouse-runs';
import { mustShowTable } from './must-show';
import type { RouteResult } from './must-show';
import { parseOptions } from './options';
import { routeLines } from './report';
import { serveBuild } from './serve-build';
import { summarizeRuns } from './stats';
import type { Runs } from './stats';
import { CPU_THROTTLING, recordLoad, tracePair } from './trace-run';
import { buildTwins, twinPath } from './static-twin';

type Collected = { route: string; page: Runs; twin: Runs; urls: Record<string, string[]>; scripts: Set<string> };

const options = parseOptions(process.argv.slice(2));
const dist = resolve(options.dist);
const started = new Date();
const loadAtStart = loadavg()[0]!;
const root = await buildTwins(dist, options.routes);
const server = await serveBuild(root);
const collected: Collected[] = options.routes.map((route) => ({
  route,
  page: Array.from({ length: options.runs }, () => ({})),
  twin: Array.from({ length: options.runs }, () => ({})),
  urls: { 'longest task in': [], 'longest script task in': [] },
  scripts: new Set(),
}));
const results: RouteResult[] = [];
const list = (runs: Runs, key: string): string => runs.map((run) => run[key]?.toFixed(0) ?? '–').join('/');

try {
  if (options.lighthouse) {
    type ChromeLauncher = {
      launch(options: { chromePath?: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
    };
    const { launch } = await importOptionalTool<ChromeLauncher>('chrome-launcher');
    const chrome = await launch({ chromePath: chromePath(), chromeFlags: CHROME_ARGS });
    try {
      for (const entry of collected) {
        for (let run = 0; run < options.runs; run++) {
          Object.assign(entry.page[run]!, await runLighthouse(server.url + entry.route, chrome.port));
          Object.assign(entry.twin[run]!, await runLighthouse(server.url + twinPath(entry.route), chrome.port));
        }
        console.log(
          `lighthouse ${entry.route.padEnd(16)} TBT ${list(entry.page, 'tbt')} (twin ${list(entry.twin, 'tbt')})  LCP ${list(entry.page, 'lcp')} (twin ${list(entry.twin, 'lcp')})`,
        );
      }
    } finally {
      chrome.kill();
    }
  }

  const browser = await launchBrowser();
  try {
    // The browser's first seconds are busy with its own start-up: a load nobody measures.
    await recordLoad(browser, server.url + twinPath(options.routes[0]!));
    for (const entry of collected) {
      for (let run = 0; run < options.runs; run++) {
        const pageUrl = server.url + entry.route;
        const twinUrl = server.url + twinPath(entry.route);
        try {
          const pair = await tracePair(browser, pageUrl, twinUrl);
          Object.assign(entry.page[run]!, pair.page);
          Object.assign(entry.twin[run]!, pair.twin);
          entry.urls['longest task in']!.push(pair.longestTaskUrl);
          if (pair.longestScriptTaskUrl) entry.urls['longest script task in']!.push(pair.longestScriptTaskUrl);
          for (const url of pair.scriptUrls) entry.scripts.add(url);
        } catch (error) {
          console.log(`  trace ${entry.route} run ${run + 1}: ${String(error)}; no trace figures from this run`);
        }
      }
      console.log(
        `trace ${entry.route.padEnd(16)} script ms ${list(entry.page, 'script')} (twin ${list(entry.twin, 'script')})  longest task ${list(entry.page, 'longestTask')} (twin ${list(entry.twin, 'longestTask')})`,
      );
    }
  } finally {
    await browser.close();
  }

  const axe = options.axe ? await runAxe(options.routes.map((route) => server.url + route)) : undefined;
  for (const entry of collected) {
    results.push({
      route: entry.route,
      runs: options.runs,
      page: summarizeRuns(entry.page),
      twin: summarizeRuns(entry.twin),
      urls: entry.urls,
      js: await jsTransferred(entry.scripts),
      ...(axe ? { axe: axe.get(entry.route) ?? [] } : {}),
    });
  }
} finally {
  await server.close();
  await rm(root, { recursive: true, force: true });
}

const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end, ${cpus().length} cores`;
console.log(`\naudit of ${dist} at ${started.toISOString()} (${minutes} min; ${load})`);
console.log(`${options.runs} interleaved runs (page, twin, page, twin...) per route`);
console.log(
  `Lighthouse: mobile, simulated throttling${options.lighthouse ? '' : ' (skipped)'}; trace: real time at ${CPU_THROTTLING}× CPU throttling, navigation to network idle + 1 s, page's renderer main thread`,
);
for (const result of results) console.log(['', ...routeLines(result)].join('\n'));
const table = mustShowTable(results);
console.log(`\nMust show (medians; ✓ holds, ✗ fails, a bare figure: not a target on this route, –: not measured)`);
console.log(table.lines.join('\n'));
if (options.json) {
  await writeFile(options.json, JSON.stringify({ dist, started: started.toISOString(), options, results }, null, 2));
  console.log(`figures saved to ${options.json}`);
}
process.exit(table.failed ? 1 : 0);
