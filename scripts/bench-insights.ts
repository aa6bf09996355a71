/**
 * The Insights call at a large shop's size: 100,000 licences, 50,000 orders (with their licence links
 * and a year of renewals), 500,000 licence audit events and 20,000 reminders over two years, on
 * the embedded store and on PostgreSQL (a throwaway cluster). Prints the answer's time for the
 * 30-day, 90-day and 365-day periods (p50/p95 of wall time, as the server computes it: queries and
 * JSON) beside a plain indexed count measured in the same run: licences running now, the dashboard's
 * kind of count. Target: the 30-day answer well under 100 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInsights } from '../api/insights/insights-handlers';
import type { InsightPeriod } from '../contract/insight-periods';
import { openStore } from '../data/open-store';
import type { Store } from '../data/store';
import { startPostgresCluster } from '../test/postgres-cluster';
import { NOW, seed } from './insights-bench-seed';

const RUNS = 20;
const TARGET_MS = 100;
const ZONE = 'Asia/Jakarta';
type Figures = { p50: number; p95: number; cpu: number };

/** Wall time, and this process's CPU time (p50): the embedded store's whole work, readable on a loaded machine. */
async function timeRuns(run: () => Promise<unknown>): Promise<Figures> {
  for (let index = 0; index < 3; index++) JSON.stringify(await run());
  const times: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    JSON.stringify(await run());
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)]!, p95: times[Math.floor(RUNS * 0.95)]!, cpu: cpu[Math.floor(RUNS / 2)]! };
}

const line = (label: string, figures: Figures, note = ''): string =>
  `${label.padEnd(44)} wall p50 ${figures.p50.toFixed(1).padStart(7)} ms  p95 ${figures.p95.toFixed(1).padStart(7)} ms  cpu p50 ${figures.cpu.toFixed(1).padStart(6)} ms${note}`;

async function bench(label: string, db: Store): Promise<boolean> {
  const started = performance.now();
  await seed(db);
  console.log(`\n${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const now = NOW.toISOString();
  const count = await timeRuns(() => db.get('SELECT count(*) AS n FROM licenses WHERE expired_date > ?', [now]));
  console.log(line('plain indexed count (licences running now)', count));
  let met = true;
  for (const period of ['30d', '90d', '365d'] as InsightPeriod[]) {
    const figures = await timeRuns(() => buildInsights(db, period, NOW, ZONE));
    if (period === '30d' && figures.p50 > TARGET_MS) met = false;
    const ratio = (figures.p50 / count.p50).toFixed(1);
    console.log(line(`insights ${period}`, figures, `  (${ratio}x the count)`));
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
    .join(' ')}; target: insights 30d under ${TARGET_MS} ms p50 on both stores: ${met ? 'met' : 'NOT met'}`,
);
process.exitCode = met ? 0 : 1;
