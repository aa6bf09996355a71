/**
 * The rows bench-http.ts prints: one target's load run right after its own baseline run, with
 * req/s, latency, errors and the ratio to that baseline against the target's wanted ratio.
 */
import { runLoad } from './load-tool';
import type { LoadSpec } from './load-tool';

export type Target = {
  name: string;
  kind: 'static' | 'api';
  spec: (url: string) => Omit<LoadSpec, 'connections' | 'seconds'>;
};

export const HEADER = [
  'target'.padEnd(40),
  'req/s'.padStart(8),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'errors'.padStart(7),
  'base'.padStart(8),
  'ratio'.padStart(6),
  ' target',
];

/** One row: the target right after its own baseline run; returns that baseline's req/s. */
export async function measure(
  target: Target,
  baselineUrl: string,
  urls: string[],
  run: { connections: number; seconds: number },
): Promise<number> {
  const { connections, seconds } = run;
  const baselineRate = (await runLoad({ url: baselineUrl, connections, seconds })).requestsPerSecond;
  const result = await runLoad({ ...target.spec(urls[0]!), alsoUrls: urls.slice(1), connections, seconds });
  const rate = result.requestsPerSecond;
  const ratio = baselineRate > 0 ? rate / baselineRate : 0;
  const wanted = target.kind === 'static' ? 0.7 : 0.4;
  const ok = ratio >= wanted && result.errors === 0 && (connections !== 50 || result.p99Ms < 50);
  console.log(
    target.name.slice(0, 40).padEnd(40),
    rate.toFixed(0).padStart(8),
    result.p50Ms.toFixed(1).padStart(7),
    result.p99Ms.toFixed(1).padStart(7),
    String(result.errors).padStart(7),
    baselineRate.toFixed(0).padStart(8),
    ratio.toFixed(2).padStart(6),
    ` ≥ ${wanted}${ok ? ' ok' : ' MISSED'}`,
  );
  if (result.errors > 0) console.log(`    ${result.detail}`);
  return baselineRate;
}
