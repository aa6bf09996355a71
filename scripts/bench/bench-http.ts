/**
 * Load, memory and start-up of the real built server (`dist/server.js`) with 100,000 licences and
 * 10,000 prompts, against a bare node:http server answering a fixed small JSON measured in the
 * same run, just before each target, with the same load tool (wrk when installed, else autocannon: see load-tool.ts). Each
 * server runs in its own process.
 * Targets: static ≥ 70% of the baseline's req/s, API ≥ 40%, zero errors, p99 < 50 ms at 50
 * connections; RSS < 200 MB and no growth across three load rounds; first /healthz < 2 s.
 * BENCH_SECONDS (10), BENCH_LICENSES (100000), BENCH_PROMPTS (10000) shrink it for a quick look.
 * With DATABASE_URL (an empty database, emptied again afterwards) the same targets run on
 * PostgreSQL: one instance, then the API targets on two instances, wrk's threads round robin.
 * Then validate beside a bare node:http server that signs, with each server's CPU per answer
 * (signing-yardstick.ts), and how long a storefront save takes to render the pages again.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { collectGarbage } from '../../data/sqlite/collect-garbage';
import { ALLOCATOR_ENVIRONMENT } from '../../api/memory-tuning';
import { BARE_SERVER, quietProcess, signingAlone } from './bare-servers';
import { seedBenchData } from './seed-bench-data';
import { LOAD_TOOL, runLoad } from './load-tool';
import { HEADER, measure } from './load-rows';
import type { Target } from './load-rows';
import { rssMb, startChild, stopChildren } from './server-child';
import { adminCookie } from './admin-cookie';
import { emptyDatabase, requireEmptyDatabase } from './postgres-bench';
import { storefrontSaveTiming } from './storefront-save-timing';
import { validateBesideSigning } from './signing-yardstick';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LICENSES = Number(process.env.BENCH_LICENSES ?? 100_000);
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 10_000);
const DIST = resolve(process.env.BUILD_OUT || 'dist');
const POSTGRES = process.env.DATABASE_URL?.trim() || undefined;
const ADMIN_PASSWORD = 'bench-password-1';

const VALIDATE = { count: LICENSES };

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'server.js'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8')) as {
    entries: Record<string, { js: string }>;
  };
  // The code that hydrates every public page (the client entry itself is inline in the pages).
  const asset = manifest.entries['web/hydrate.tsx']?.js ?? '/sw.js';
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-http-'));
  const children: ChildProcess[] = [];
  if (POSTGRES) await requireEmptyDatabase(POSTGRES);
  console.log(`store: ${POSTGRES ? 'PostgreSQL (DATABASE_URL)' : 'embedded (sql.js in a temporary DATA_DIR)'}`);
  try {
    await seedBenchData({ databaseUrl: POSTGRES, dataDir }, { licences: LICENSES, prompts: PROMPTS });
    // The seed's 100k rows are garbage now: collected here, not by this process in the middle of
    // a measurement, where the collection took CPU from the servers (static ratios ~0.1 lower).
    collectGarbage();
    const baseline = await startChild(['-e', BARE_SERVER], {});
    children.push(baseline.process);
    // Started as `npm run serve` and the systemd unit start it.
    const serverEnv = {
      ...ALLOCATOR_ENVIRONMENT,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      LICENSE_RATE_PER_IP_PER_MIN: '10000000',
      LICENSE_VALIDATE_PER_HOUR: '10000000',
      LICENSE_UNKNOWN_KEY_LIMIT: '10000000',
    };
    const app = await startChild([join(DIST, 'server.js')], serverEnv);
    children.push(app.process);
    const rssAtStart = rssMb(app.process);
    console.log(
      `start to first /healthz: ${app.startMs.toFixed(0)} ms (target < 2000)   RSS after start: ${rssAtStart.toFixed(0)} MB`,
    );

    const baselineSpec = { url: `${baseline.url}/` };
    const targets: Target[] = [
      {
        name: 'home page HTML',
        kind: 'static',
        spec: (url) => ({ url: `${url}/`, headers: { 'accept-encoding': 'br' } }),
      },
      {
        name: `hashed JS ${asset}`,
        kind: 'static',
        spec: (url) => ({ url: `${url}${asset}`, headers: { 'accept-encoding': 'br' } }),
      },
      {
        name: 'prompt list page 1',
        kind: 'api',
        spec: (url) => ({ url: `${url}/api/prompt/list?page=1&per_page=12` }),
      },
      {
        name: 'prompt list search',
        kind: 'api',
        spec: (url) => ({ url: `${url}/api/prompt/list?page=1&per_page=12&search=piano%20dan` }),
      },
      {
        name: 'licence validate',
        kind: 'api',
        spec: (url) => ({ url: `${url}/api/license/validate`, validate: VALIDATE }),
      },
    ];
    // The machine is shared: its speed drifts over minutes. Each target is compared with a
    // baseline run measured just before it, so a ratio never spans a drift.
    for (const connections of [50, 200]) {
      console.log(
        `\n${connections} connections, ${SECONDS} s each, load by ${LOAD_TOOL}; each row's baseline measured just before it`,
      );
      console.log(...HEADER);
      let lastBaseline = 0;
      for (const target of targets) {
        // Not the previous row's leftovers: validate's journal entries end in a snapshot that held
        // the event loop for ~1 s here, which the next row (/ at 200 connections) used to absorb.
        await quietProcess(app.process.pid!);
        lastBaseline = await measure(target, baselineSpec.url, [app.url], { connections, seconds: SECONDS });
      }
      const signatures = signingAlone().perSecond;
      console.log(
        `Ed25519 signing alone, one core, nothing else: ${signatures.toFixed(0)}/s = ${(signatures / lastBaseline).toFixed(2)} of the last baseline, the ceiling of a signed validate's ratio here`,
      );
    }

    await validateBesideSigning(
      { pid: app.process.pid!, url: app.url },
      { pid: baseline.process.pid!, url: baseline.url },
      { connections: 50, seconds: SECONDS, licences: LICENSES },
    );

    if (POSTGRES && LOAD_TOOL === 'wrk') {
      // A second instance on the same database (its own DATA_DIR for uploads in flight).
      const second = await startChild([join(DIST, 'server.js')], {
        ...serverEnv,
        DATA_DIR: join(dataDir, 'instance-b'),
      });
      children.push(second.process);
      console.log(`\ntwo instances on one database, wrk's threads round robin, 50 connections, ${SECONDS} s each`);
      console.log(...HEADER);
      for (const target of targets.filter((row) => row.kind === 'api'))
        await measure(target, baselineSpec.url, [app.url, second.url], { connections: 50, seconds: SECONDS });
    }

    const admin = await adminCookie(app.url, ADMIN_PASSWORD);
    await storefrontSaveTiming(app.url, admin);

    // On PostgreSQL the admin's licence search is SQL: an instance holds no licence index.
    const cookie = POSTGRES ? admin : undefined;
    console.log(
      `\nmemory across three load rounds (prompt search + validate${cookie ? ' + licence search' : ''}, 50 connections)`,
    );
    const rounds: number[] = [];
    for (let round = 1; round <= 3; round++) {
      await runLoad({
        url: `${app.url}/api/prompt/list?page=2&per_page=12&search=malam`,
        connections: 50,
        seconds: SECONDS / 2,
      });
      await runLoad({
        url: `${app.url}/api/license/validate`,
        connections: 50,
        seconds: SECONDS / 2,
        validate: VALIDATE,
      });
      if (cookie)
        await runLoad({
          url: `${app.url}/api/license/list?search=buyer12&page=2&per_page=20`,
          headers: { cookie },
          connections: 10,
          seconds: SECONDS / 2,
        });
      rounds.push(rssMb(app.process));
      console.log(`  after round ${round}: RSS ${rounds.at(-1)!.toFixed(0)} MB`);
    }
    const growth = rounds[2]! - rounds[0]!;
    console.log(
      `RSS: start ${rssAtStart.toFixed(0)} MB, max ${Math.max(...rounds).toFixed(0)} MB (target < 200), growth round 1 → 3: ${growth.toFixed(1)} MB (no leak when ≈ 0)`,
    );
    if (POSTGRES)
      console.log(
        `RSS of an instance with ${LICENSES.toLocaleString('en')} licences in PostgreSQL: ${Math.max(rssAtStart, ...rounds).toFixed(0)} MB at most`,
      );
  } finally {
    // Each server flushes its storage on SIGTERM: the data directory goes once they have exited.
    await stopChildren(children);
    await rm(dataDir, { recursive: true, force: true });
    if (POSTGRES) await emptyDatabase(POSTGRES);
  }
}

await main();
