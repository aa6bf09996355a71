/** One Lighthouse run (mobile, simulated throttling) reduced to the figures the audit compares. */
import { importOptionalTool } from '../optional-tools/optional-tool';

/** The part of Lighthouse's answer the audit reads (the tool is installed on first use, without its types). */
type LighthouseResult = {
  lhr: {
    runtimeError?: { code: string };
    audits: Record<string, { numericValue?: number } | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
  };
};
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

const ATTEMPTS = 3;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Figures in ms (CLS unitless, scores 0–100), keyed as the audit prints them. */
export async function runLighthouse(url: string, port: number, attempt = 1): Promise<Record<string, number>> {
  const { default: lighthouse } = await importOptionalTool<{ default: Lighthouse }>('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // On a busy machine a run sometimes fails outright (no paint seen in time): two more tries,
  // then the run has no Lighthouse figures (the medians are of the runs that have them).
  if (lhr.runtimeError) {
    const last = attempt >= ATTEMPTS;
    console.log(`  ${url}: ${lhr.runtimeError.code}${last ? `, no figures from this run` : ', retrying'}`);
    return last ? {} : runLighthouse(url, port, attempt + 1);
  }
  const metric = (id: string): number => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    tbt: metric('total-blocking-time'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    ...Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)])),
  };
}
