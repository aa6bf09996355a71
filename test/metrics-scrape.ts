/** Scrapes `/metrics` and reads it with parse-prometheus-text-format (a Prometheus text parser), for the HTTP tests. */
import { createRequire } from 'node:module';
import * as assert from 'uvu/assert';
import { call } from './harness';

/** One sample as the parser gives it: a value, or a histogram's buckets, count and sum. */
export type Sample = {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
};
export type Family = { name: string; help: string; type: string; metrics: Sample[] };

/** The package ships no types: the part used here. */
const parsePrometheusText = createRequire(import.meta.url)('parse-prometheus-text-format') as (
  text: string,
) => Family[];

/**
 * `families` as the parser reads the text. It folds all series of a labelled histogram into one,
 * so `series` reads the same text without its histogram TYPE lines: each `_bucket`, `_sum` and
 * `_count` line is then a sample of its own, with its labels.
 */
export type Scrape = { text: string; families: Map<string, Family>; series: Map<string, Family> };

/** Families by name; untyped, a histogram's series interleave (`_bucket`, `_sum`, `_count`, then the next series), so one name comes back in pieces. */
function byName(families: Family[]): Map<string, Family> {
  const named = new Map<string, Family>();
  for (const family of families) {
    const seen = named.get(family.name);
    if (seen) seen.metrics.push(...family.metrics);
    else named.set(family.name, family);
  }
  return named;
}

/** A scrape that must succeed: 200, the exposition format's content type, text the parser reads. */
export async function scrape(base: string, token: string): Promise<Scrape> {
  const answer = await call(base, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
  assert.is(answer.status, 200, answer.text.slice(0, 200));
  assert.is(answer.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  const families = byName(parsePrometheusText(answer.text));
  const series = byName(parsePrometheusText(answer.text.replace(/^# TYPE \S+ histogram$/gm, '')));
  return { text: answer.text, families, series };
}

/** The samples of a family whose labels include all of `labels`. */
export function samples(scraped: Scrape, name: string, labels: Record<string, string> = {}): Sample[] {
  const family = scraped.series.get(name);
  if (!family) return [];
  return family.metrics.filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
  );
}

/** A counter's or gauge's value (0 when the series is absent). */
export function valueOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return samples(scraped, name, labels).reduce((total, sample) => total + Number(sample.value ?? 0), 0);
}

/** How many observations a histogram's matching series hold together. */
export function countOf(scraped: Scrape, name: string, labels: Record<string, string> = {}): number {
  return valueOf(scraped, `${name}_count`, labels);
}

/** Every label value of every series, to show what a scrape names (values are numbers and may hold any digits). */
export function labelValues(scraped: Scrape): string[] {
  return [...scraped.series.values()].flatMap((family) =>
    family.metrics.flatMap((sample) => Object.values(sample.labels ?? {})),
  );
}
