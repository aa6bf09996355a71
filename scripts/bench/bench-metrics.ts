/**
 * What the metrics cost on the request path (METRICS_TOKEN set): one request's instrumentation
 * (the 'close' listener, the histogram observation by method, route pattern and status, and a
 * licence answer's counter), timed in-process over many rounds, next to the same loop without it.
 * Compare with the server CPU per validate of `npm run bench -- license-validate`.
 */
import { EventEmitter } from 'node:events';
import { loadConfig } from '../../api/config';
import type { CoreContext } from '../../api/core-context';
import { setupMetrics } from '../../api/health/metrics';
import { createLogger } from '../../api/logger';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500_000);
const ctx = {
  config: loadConfig({ METRICS_TOKEN: 'bench-metrics-token-0123456789' }),
  log: createLogger('silent'),
  now: () => new Date(),
} as unknown as CoreContext;
const metrics = setupMetrics(ctx, async () => undefined)!;
const ROUTES = ['/api/license/validate', '/api/license/activate', '/healthz', '/api/license/download/{license_key}'];

/** One request as app.ts and license-call.ts see it: a listener on the answer's 'close', then the counts. */
function instrumented(index: number): void {
  const res = new EventEmitter();
  const started = performance.now();
  res.on('close', () => metrics.request('POST', ROUTES[index & 3]!, 200, (performance.now() - started) / 1000));
  metrics.licenseAnswer('validate', 'VALID');
  res.emit('close');
}

function bare(_index: number): void {
  const res = new EventEmitter();
  res.emit('close');
}

function microsPerRound(run: (index: number) => void): number {
  for (let index = 0; index < 20_000; index++) run(index);
  const begin = process.cpuUsage();
  for (let index = 0; index < ROUNDS; index++) run(index);
  const used = process.cpuUsage(begin);
  return (used.user + used.system) / ROUNDS;
}

for (let pass = 1; pass <= 3; pass++) {
  const without = microsPerRound(bare);
  const withMetrics = microsPerRound(instrumented);
  console.log(
    `pass ${pass}: CPU per request ${withMetrics.toFixed(2)} µs with the metrics, ${without.toFixed(2)} µs without: the metrics cost ${(withMetrics - without).toFixed(2)} µs`,
  );
}
const text = await metrics.registry.getSingleMetricAsString('loopshop_license_answers_total');
if (!text.includes('loopshop_license_answers_total{call="validate",code="VALID"}'))
  throw new Error('nothing was counted');
process.exit(0);
