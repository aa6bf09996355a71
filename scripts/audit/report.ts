/** The audit's per-route figures: median (min–max) of page and twin, their ratio and difference. */
import type { RouteResult } from './must-show';
import type { Summary } from './stats';

type Figure = { key: string; label: string; digits: number };

export const FIGURES: Figure[] = [
  { key: 'tbt', label: 'Lighthouse TBT ms', digits: 0 },
  { key: 'fcp', label: 'Lighthouse FCP ms', digits: 0 },
  { key: 'lcp', label: 'Lighthouse LCP ms', digits: 0 },
  { key: 'cls', label: 'Lighthouse CLS', digits: 3 },
  { key: 'performance', label: 'performance', digits: 0 },
  { key: 'accessibility', label: 'accessibility', digits: 0 },
  { key: 'best-practices', label: 'best-practices', digits: 0 },
  { key: 'seo', label: 'SEO', digits: 0 },
  { key: 'script', label: 'trace script ms', digits: 1 },
  { key: 'scriptCpu', label: '  same, CPU clock ms', digits: 1 },
  { key: 'evaluation', label: '  evaluation ms', digits: 1 },
  { key: 'compile', label: '  compilation ms', digits: 1 },
  { key: 'hydration', label: '  hydration ms', digits: 1 },
  { key: 'longestTask', label: 'longest task ms', digits: 0 },
  { key: 'longestScriptTask', label: 'longest script task', digits: 0 },
  { key: 'longScriptTasks', label: 'script tasks > 50 ms', digits: 0 },
];

/** `median (min–max)`, with the number of runs behind it when some run gave no figure. */
const cell = (summary: Summary | undefined, digits: number, runs: number): string =>
  summary && !Number.isNaN(summary.median)
    ? `${summary.median.toFixed(digits)} (${summary.min.toFixed(digits)}–${summary.max.toFixed(digits)})${summary.runs < runs ? ` n=${summary.runs}` : ''}`
    : '–';

function comparison(page: Summary | undefined, twin: Summary | undefined, digits: number): string {
  if (!page || !twin || Number.isNaN(page.median) || Number.isNaN(twin.median)) return '';
  const difference = page.median - twin.median;
  const ratio = twin.median >= 1 ? (page.median / twin.median).toFixed(2) : '–';
  return `${ratio.padStart(6)}  ${difference >= 0 ? '+' : ''}${difference.toFixed(digits)}`;
}

/** Where the path of a script URL says enough (same origin as the page). */
const short = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '') || '(none)';

export function routeLines(result: RouteResult): string[] {
  const lines = [
    `${result.route}  (${result.runs} runs each, interleaved; median (min–max))`,
    `  ${'figure'.padEnd(24)}${'page'.padEnd(24)}${'twin'.padEnd(24)} ×twin  page−twin`,
  ];
  for (const figure of FIGURES) {
    const page = result.page[figure.key];
    const twin = result.twin[figure.key];
    if (!page && !twin) continue;
    lines.push(
      `  ${figure.label.padEnd(24)}${cell(page, figure.digits, result.runs).padEnd(24)}${cell(twin, figure.digits, result.runs).padEnd(24)}${comparison(page, twin, figure.digits)}`.trimEnd(),
    );
  }
  for (const [key, urls] of Object.entries(result.urls)) {
    const counts = new Map<string, number>();
    for (const url of urls) counts.set(short(url), (counts.get(short(url)) ?? 0) + 1);
    const named = [...counts].map(([url, count]) => `${url} ×${count}`).join(', ');
    lines.push(`  ${key.padEnd(24)}${named}`);
  }
  if (result.js) {
    const { bytes, files, notBrotli } = result.js;
    const plain = notBrotli.length ? ` (${notBrotli.length} of them sent plain: too small to compress)` : '';
    lines.push(`  ${'JS transferred'.padEnd(24)}${(bytes / 1024).toFixed(1)} KB brotli in ${files} files${plain}`);
  }
  return lines;
}
