/**
 * The speed pass's "Must show" points (docs/spec.md has no numbers for them; they are the targets
 * the audit judges), each as ✓ or ✗ per route from the medians of the runs. A point whose figures
 * were not measured in this run (`--trace-only`...) or that does not apply to the route is "–".
 */
import type { Summary } from './stats';
import type { JsTransfer } from './js-bytes';
import { LONG_TASK_MS } from './trace-figures';

export type RouteResult = {
  route: string;
  runs: number;
  /** Lighthouse and trace figures of the page and of its static twin. */
  page: Record<string, Summary>;
  twin: Record<string, Summary>;
  /** Per page figure that is a URL: the busiest script of the longest task, per run. */
  urls: Record<string, string[]>;
  js?: JsTransfer;
  axe?: string[];
};

export type Verdict = { ok: boolean | undefined; text: string };
export type Check = { label: string; judge: (result: RouteResult) => Verdict };

export const TBT_MARGIN_MS = 30;
export const SCRIPT_BUDGET_MS = 40;
export const SCRIPT_BUDGET_ROUTES = ['/', '/prompts'];
export const JS_BUDGET_BYTES = 60 * 1024;
export const JS_BUDGET_ROUTES = ['/'];
export const TWIN_RATIO = 1.1;
export const MIN_PERFORMANCE = 98;

const NOT_MEASURED: Verdict = { ok: undefined, text: '–' };
const median = (figures: Record<string, Summary>, key: string): number | undefined => {
  const value = figures[key]?.median;
  return value === undefined || Number.isNaN(value) ? undefined : value;
};

function ratioToTwin(key: string): (result: RouteResult) => Verdict {
  return (result) => {
    const page = median(result.page, key);
    const twin = median(result.twin, key);
    if (page === undefined || twin === undefined || twin <= 0) return NOT_MEASURED;
    const ratio = page / twin;
    return { ok: ratio <= TWIN_RATIO, text: ratio.toFixed(2) };
  };
}

export const CHECKS: Check[] = [
  {
    label: `TBT ≤ twin+${TBT_MARGIN_MS}`,
    judge: (result) => {
      const page = median(result.page, 'tbt');
      const twin = median(result.twin, 'tbt');
      if (page === undefined || twin === undefined) return NOT_MEASURED;
      return { ok: page <= twin + TBT_MARGIN_MS, text: `${page.toFixed(0)}/${twin.toFixed(0)}` };
    },
  },
  {
    label: `script ≤ ${SCRIPT_BUDGET_MS} ms`,
    judge: (result) => {
      const script = median(result.page, 'script');
      if (script === undefined) return NOT_MEASURED;
      const applies = SCRIPT_BUDGET_ROUTES.includes(result.route);
      return { ok: applies ? script <= SCRIPT_BUDGET_MS : undefined, text: script.toFixed(0) };
    },
  },
  {
    label: `no script task > ${LONG_TASK_MS}`,
    judge: (result) => {
      const longest = median(result.page, 'longestScriptTask');
      if (longest === undefined) return NOT_MEASURED;
      return { ok: longest <= LONG_TASK_MS, text: longest.toFixed(0) };
    },
  },
  {
    label: `JS ≤ ${JS_BUDGET_BYTES / 1024} KB br`,
    judge: (result) => {
      if (!result.js) return NOT_MEASURED;
      const applies = JS_BUDGET_ROUTES.includes(result.route);
      return {
        ok: applies ? result.js.bytes <= JS_BUDGET_BYTES : undefined,
        text: (result.js.bytes / 1024).toFixed(1),
      };
    },
  },
  { label: `FCP ≤ ${TWIN_RATIO}×twin`, judge: ratioToTwin('fcp') },
  { label: `LCP ≤ ${TWIN_RATIO}×twin`, judge: ratioToTwin('lcp') },
  {
    label: `perf ≥ ${MIN_PERFORMANCE}`,
    judge: (result) => {
      const score = median(result.page, 'performance');
      return score === undefined ? NOT_MEASURED : { ok: score >= MIN_PERFORMANCE, text: score.toFixed(0) };
    },
  },
  {
    label: 'a11y/best/SEO 100',
    judge: (result) => {
      const scores = ['accessibility', 'best-practices', 'seo'].map((key) => median(result.page, key));
      if (scores.some((score) => score === undefined)) return NOT_MEASURED;
      return { ok: scores.every((score) => score === 100), text: scores.map((score) => score!.toFixed(0)).join('/') };
    },
  },
];

/** Not a Must-show point of the speed pass, kept from the first audit: no serious axe violation. */
export const AXE_CHECK: Check = {
  label: 'axe',
  judge: (result) =>
    result.axe === undefined
      ? NOT_MEASURED
      : { ok: result.axe.length === 0, text: result.axe.length ? result.axe.join(',') : 'none' },
};

const mark = (verdict: Verdict): string =>
  verdict.ok === undefined ? verdict.text : `${verdict.ok ? '✓' : '✗'} ${verdict.text}`;

/** The table's lines and whether any point failed. */
export function mustShowTable(results: RouteResult[]): { lines: string[]; failed: boolean } {
  const checks = [...CHECKS, AXE_CHECK];
  const widths = checks.map((check) => Math.max(check.label.length, 9));
  const routeWidth = Math.max(6, ...results.map((result) => result.route.length));
  const row = (first: string, cells: string[]): string =>
    [first.padEnd(routeWidth), ...cells.map((cell, index) => cell.padEnd(widths[index]!))].join('  ').trimEnd();
  const lines = [
    row(
      'route',
      checks.map((check) => check.label),
    ),
  ];
  let failed = false;
  for (const result of results) {
    const verdicts = checks.map((check) => check.judge(result));
    failed ||= verdicts.some((verdict) => verdict.ok === false);
    lines.push(row(result.route, verdicts.map(mark)));
  }
  return { lines, failed };
}
