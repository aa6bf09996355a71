/**
 * `npm run bench -- link-timing`: how long POST /api/account/link takes to answer for an address
 * that bought (a licence of it exists) and for one that did not, on the embedded store and on
 * PostgreSQL (a throwaway cluster). The app is the built server (BUILD_OUT or dist: build first)
 * in its own process, as a prober on the network meets it: in this process the link work the app
 * does after answering would delay reading the answer itself. The two kinds alternate, each
 * request from its own address and IP (no limit is reached), one at a time with a pause so
 * the work after one answer is done before the next request, as a patient prober would.
 * Target: the medians within 10 % of each other on both stores (the answer must not tell who
 * bought). BENCH_LINK_RUNS (300 of each kind), BENCH_LINK_PAUSE_MS (100).
 * Figures: README, "How sign-in works".
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { loadLicenseSigner } from '../../api/license-api/license-signing';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { importLicenses } from '../../data/licenses/licenses';
import { openStore } from '../../data/open-store';
import { startPostgresCluster } from '../../test/postgres-cluster';

const RUNS = Number(process.env.BENCH_LINK_RUNS ?? 300);
const WARMUPS = 30;
/** Between requests: the work after an answer (the link stored, the embedded store's journal written) is done. */
const PAUSE_MS = Number(process.env.BENCH_LINK_PAUSE_MS ?? 100);
const TARGET = 0.1;
const DIST = resolve(process.env.BUILD_OUT || 'dist');

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The buyers: a licence for each known address, written before the app starts. */
async function seed(dataDir: string, databaseUrl: string, count: number): Promise<void> {
  const quiet = { onError: () => undefined, onInfo: () => undefined };
  const db = await openStore({ databaseUrl: databaseUrl || undefined, dataDir, ...quiet });
  await loadLicenseSigner(undefined, dataDir, databaseUrl ? db : undefined);
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    license_key: `BENCH-LINK-${i}`,
    key_sha256: hashLicenseKey(`BENCH-LINK-${i}`),
    email: `buyer-${i}@example.com`,
    app_type: 'loopbot' as const,
    status: 'active',
    expired_date: '2099-01-01T00:00:00.000Z',
    device_id: null,
    device_name: null,
    device_activated_at: null,
    created_at: now,
  }));
  await importLicenses(db, rows, now);
  await db.close();
}

function startApp(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(DIST, 'server.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (port) done({ child, url: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`app exited (${code}): ${output}`)));
  });
}

let ip = 0;
async function timedLink(url: string, email: string): Promise<number> {
  ip++;
  const started = performance.now();
  const answer = await fetch(`${url}/api/account/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}` },
    body: JSON.stringify({ email }),
  });
  await answer.text();
  const took = performance.now() - started;
  if (answer.status !== 200) throw new Error(`link for ${email}: ${answer.status}`);
  await pause(PAUSE_MS);
  return took;
}

async function measureStore(label: string, dataDir: string, databaseUrl: string): Promise<boolean> {
  const total = RUNS + WARMUPS;
  await seed(dataDir, databaseUrl, total);
  const app = await startApp({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    ADMIN_PASSWORD: 'bench-password-1',
  });
  try {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < total; i++) {
      // Alternating which kind goes first spreads any drift of the machine over both.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order) {
        const email = kind === 'known' ? `buyer-${i}@example.com` : `stranger-${i}@example.com`;
        const took = await timedLink(app.url, email);
        if (i >= WARMUPS) (kind === 'known' ? known : unknown).push(took);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    const gap = Math.abs(k - u) / Math.min(k, u);
    const met = gap <= TARGET;
    console.log(
      `${label.padEnd(24)} link answer p50: known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, gap ${(gap * 100).toFixed(1)} % (target ≤ ${TARGET * 100} %) ${met ? 'met' : 'NOT MET'}`,
    );
    return met;
  } finally {
    app.child.kill('SIGTERM');
    await new Promise((done) => app.child.once('exit', done));
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-link-timing-'));
  const cluster = await startPostgresCluster();
  let met = true;
  try {
    met = (await measureStore('embedded store (sql.js)', join(dir, 'embedded'), '')) && met;
    met = (await measureStore('PostgreSQL', join(dir, 'postgres'), await cluster.createDatabase('link_timing'))) && met;
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
  process.exit(met ? 0 : 1);
}

await main();
