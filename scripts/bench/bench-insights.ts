/**
 * The Insights call at a large shop's size: 100,000 licences, 50,000 orders (with their licence links
 * and a year of renewals), 500,000 licence audit events and 20,000 reminders over two years, on
 * the embedded store and on PostgreSQL (a throwaway cluster). For every period the owner can pick,
 * the answer's time (p50/p95 of wall time as the server computes it: queries and JSON; CPU time of
 * this process, the embedded store's whole work) beside a plain indexed count measured just before
 * it in the same run (licences running now, the dashboard's kind of count), and their ratio.
 * Target: every period under 100 ms p50 on both stores.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInsights } from '../../api/insights/insights-handlers';
import { INSIGHT_PERIODS } from '../../contract/rules/insight-periods';
import { DEFAULT_TIME_ZONE } from '../../contract/rules/shop-time';
import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';
import { startPostgresCluster } from '../../test/postgres-cluster';
import { NOW, seed } from './insights-bench-seed';
import { measure } from './timing';

const RUNS = Number(process.env.BENCH_INSIGHTS_RUNS ?? 15);
const TARGET_MS = 100;
const ZONE = DEFAULT_TIME_ZONE;
const ms = (value: number, width = 8): string => value.toFixed(1).padStart(width);

async function bench(label: string, db: Store): Promise<boolean> {
  const started = performance.now();
  await seed(db);
  console.log(`\n${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `${'period'.padEnd(12)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'cpu p50'.padStart(8)}${'count p50'.padStart(11)}${'ratio'.padStart(8)}`,
  );
  const now = NOW.toISOString();
  let met = true;
  for (const period of INSIGHT_PERIODS) {
    const count = await measure(() => db.get('SELECT count(*) AS n FROM licenses WHERE expired_date > ?', [now]), RUNS);
    const figures = await measure(() => buildInsights(db, period, NOW, ZONE), RUNS, 3);
    const over = figures.p50 > TARGET_MS;
    if (over) met = false;
    console.log(
      `${period.padEnd(12)}${ms(figures.p50)}${ms(figures.p95)}${ms(figures.cpu50)}${ms(count.p50, 11)}${`${(figures.p50 / count.p50).toFixed(0)}x`.padStart(8)}${over ? '  over target' : ''}`,
    );
  }
  return met;
}

const dir = await mkdtemp(join(tmpdir(), 'bench-insights-'));
const cluster = await startPostgresCluster();
const quiet = { onError: () => undefined, onInfo: () => undefined };
let met = true;
try {
  const embedded = await openStore({
    databaseUrl: undefined,
    dataDir: dir,
    snapshotEveryEntries: Number.MAX_SAFE_INTEGER,
    ...quiet,
  });
  try {
    met = (await bench('embedded store (sql.js)', embedded)) && met;
  } finally {
    await embedded.close();
  }
  const postgres = await openStore({
    databaseUrl: await cluster.createDatabase('bench_insights'),
    dataDir: dir,
    ...quiet,
  });
  try {
    met = (await bench('PostgreSQL', postgres)) && met;
  } finally {
    await postgres.close();
  }
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
console.log(
  `\nload average: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; target: every period under ${TARGET_MS} ms p50 on both stores: ${met ? 'met' : 'NOT met'}`,
);
process.exitCode = met ? 0 : 1;
