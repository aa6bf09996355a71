/**
 * Licence validate beside what a signed answer costs at least, all in one run: 100,000 bound
 * licences, POST /api/license/validate with each request for another key, against
 * - a bare node:http server answering a fixed JSON (what node:http costs per answer),
 * - a bare node:http server that reads the body and signs a payload of validate's size for each
 *   answer, the same bytes out (the floor of a signed validate here),
 * - Ed25519 signing alone on one thread.
 * Each server runs in a process of its own; its CPU per answer is read from /proc over each run
 * (steadier than req/s on a shared machine). Targets: validate CPU ≤ 2 × (signature + bare
 * answer), ≥ 0.8 of the signing server's req/s, p99 < 50 ms at 50 connections, no error or
 * timeout at 200, RSS < 200 MB after three load rounds without growth.
 * BENCH_STORE=postgres runs the app on a throwaway PostgreSQL cluster (test/postgres-cluster.ts).
 * The app is the built server (BUILD_OUT or dist: build first), seeded by its own checkout's code.
 * BENCH_COMPARE=<another checkout>:<its build folder> runs that app too, in the same run (before / after).
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each app process (from its start). BENCH_SECONDS (10), BENCH_LICENSES.
 */
import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BARE_SERVER, bareSigningServer, cpuSeconds, signingAlone } from './bare-servers';
import { benchDevice, benchKey, boundBenchLicenses } from './seed-bench-licenses';
import { runLoad } from './load-tool';
import type { LoadFigures } from './load-tool';
import { printServerFigures } from './server-figures';
import { rssMb } from './server-child';
import { ALLOCATOR_ENVIRONMENT } from '../../api/memory-tuning';

const COUNT = Number(process.env.BENCH_LICENSES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTGRES = process.env.BENCH_STORE === 'postgres';
const HERE = resolve(fileURLToPath(import.meta.url), '../../..');
const RAISED_LIMITS = {
  LICENSE_RATE_PER_IP_PER_MIN: '10000000',
  LICENSE_VALIDATE_PER_HOUR: '10000000',
  LICENSE_ACTIVATE_PER_HOUR: '10000000',
  LICENSE_UNKNOWN_KEY_LIMIT: '10000000',
};

type Server = { name: string; child: ChildProcess; url: string };

/** Seeds the bench licences with the code of the checkout at `tree` (its own schema), then exits. */
async function seed(tree: string, dataDir: string, databaseUrl: string): Promise<void> {
  const load = (path: string): Promise<any> => import(pathToFileURL(join(tree, path)).href);
  const { openStore } = await load('data/open-store.ts');
  const { importLicenses } = await load('data/licenses/licenses.ts');
  const db = await openStore({
    databaseUrl: databaseUrl || undefined,
    dataDir,
    onError: console.error,
    onInfo: () => undefined,
  });
  const now = new Date();
  // The key first, as a shop makes it on its first start: a database with licences and no key refuses to start.
  const { loadLicenseSigner } = await load('api/license-api/license-signing.ts');
  await loadLicenseSigner(undefined, dataDir, databaseUrl ? db : undefined);
  await importLicenses(db, boundBenchLicenses(COUNT, now), now.toISOString());
  await db.close();
}

/** `node <args>` in its own process; resolves once it printed its address. */
function start(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const port = /Listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!port) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      done({ name, child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${output}`)));
  });
}

type Row = { name: string; figures: LoadFigures; cpuMicros: number };

async function measure(
  server: Server,
  connections: number,
  seconds = SECONDS,
  path = '/api/license/validate',
): Promise<Row> {
  const validate = path === '/' ? undefined : { count: COUNT };
  await runLoad({ url: `${server.url}${path}`, connections, seconds: 2, validate });
  const before = cpuSeconds(server.child.pid!);
  const figures = await runLoad({ url: `${server.url}${path}`, connections, seconds, validate });
  const cpuMicros = ((cpuSeconds(server.child.pid!) - before) * 1e6) / Math.max(1, figures.requests);
  return { name: server.name, figures, cpuMicros };
}

function print(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  printServerFigures(rows, 30);
}

const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

async function main(): Promise<void> {
  const trees: Array<[string, string, string]> = [['validate', HERE, resolve(process.env.BUILD_OUT || 'dist')]];
  // BENCH_COMPARE=<checkout>:<its build folder>
  const [otherTree, otherDist] = (process.env.BENCH_COMPARE ?? '').split(':');
  if (otherTree && otherDist) trees.push([`validate (${otherTree})`, resolve(otherTree), resolve(otherDist)]);
  const dir = await mkdtemp(join(tmpdir(), 'bench-license-validate-'));
  const { startPostgresCluster } = await import('../../test/postgres-cluster');
  const cluster = POSTGRES ? await startPostgresCluster() : undefined;
  const servers: Server[] = [];
  try {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const apps: Server[] = [];
    for (const [index, [name, tree, dist]] of trees.entries()) {
      const dataDir = join(dir, String(index));
      const databaseUrl = cluster ? await cluster.createDatabase() : '';
      const seeding = fork(fileURLToPath(import.meta.url), ['--seed', tree, dataDir, databaseUrl], {
        execArgv: ['--import', 'tsx'],
      });
      await new Promise((done) => seeding.once('exit', done));
      // Started as `npm run serve` and the systemd unit start it; the limits raised through their variables.
      const env = {
        ...ALLOCATOR_ENVIRONMENT,
        ...RAISED_LIMITS,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-password-1',
      };
      apps.push(await start(name, [...profile, join(dist, 'server.js')], env));
      servers.push(apps.at(-1)!);
    }
    console.log(
      `store: ${POSTGRES ? 'PostgreSQL (throwaway cluster)' : 'embedded (sql.js)'}, ${COUNT.toLocaleString('en')} bound licences, load by autocannon in this process`,
    );
    const sample = await fetch(`${apps[0]!.url}/api/license/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ license_key: benchKey(0), device_id: benchDevice(0), nonce: 'bench-nonce-0' }),
    }).then((answer) => answer.text());
    const bare = await start('bare node:http, fixed JSON', ['-e', BARE_SERVER]);
    const signing = await start('bare node:http that signs', ['-e', bareSigningServer(sample)]);
    servers.push(bare, signing);
    const payloadLength = (JSON.parse(sample) as { signature: { payload: string } }).signature.payload.length;

    const at50 = [await measure(bare, 50, SECONDS, '/'), await measure(signing, 50)];
    for (const app of apps) at50.push(await measure(app, 50));
    const alone = signingAlone(payloadLength);
    print(`50 connections, ${SECONDS} s each`, at50);
    console.log(
      `${'Ed25519 signing alone'.padEnd(30)} ${alone.perSecond.toFixed(0).padStart(7)} sig/s ${' '.repeat(30)} ${alone.cpuMicros.toFixed(0).padStart(6)}`,
    );
    const ceiling = 2 * (alone.cpuMicros + at50[0]!.cpuMicros);
    for (const row of at50.slice(2)) {
      const ratio = row.figures.requestsPerSecond / at50[1]!.figures.requestsPerSecond;
      console.log(
        `  ${row.name}: CPU ${row.cpuMicros.toFixed(0)} µs ≤ 2 × (${alone.cpuMicros.toFixed(0)} + ${at50[0]!.cpuMicros.toFixed(0)}) = ${ceiling.toFixed(0)} µs: ${verdict(row.cpuMicros <= ceiling)}; ${ratio.toFixed(2)} of the signing server (≥ 0.8: ${verdict(ratio >= 0.8)}); p99 ${row.figures.p99Ms.toFixed(1)} ms (< 50: ${verdict(row.figures.p99Ms < 50)})`,
      );
    }

    const at200 = [await measure(signing, 200)];
    for (const app of apps) at200.push(await measure(app, 200));
    print(`200 connections, ${SECONDS} s each`, at200);
    for (const row of at200.slice(1))
      console.log(`  ${row.name}: errors and timeouts ${row.figures.errors} (0: ${verdict(row.figures.errors === 0)})`);

    console.log(`\nRSS across three load rounds (validate, 50 connections, ${SECONDS / 2} s each)`);
    for (const app of apps) {
      const rounds: number[] = [];
      for (let round = 1; round <= 3; round++) {
        await runLoad({
          url: `${app.url}/api/license/validate`,
          connections: 50,
          seconds: SECONDS / 2,
          validate: { count: COUNT },
        });
        rounds.push(rssMb(app.child));
        console.log(`  ${app.name}: after round ${round}: RSS ${rounds.at(-1)!.toFixed(0)} MB`);
      }
      const growth = rounds[2]! - rounds[0]!;
      console.log(
        `  ${app.name}: max ${Math.max(...rounds).toFixed(0)} MB (< 200: ${verdict(Math.max(...rounds) < 200)}), growth round 1 → 3 ${growth.toFixed(1)} MB`,
      );
    }
  } finally {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((done) =>
            server.child.exitCode !== null
              ? done(null)
              : (server.child.once('exit', done), server.child.kill('SIGTERM')),
          ),
      ),
    );
    await cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const [mode, tree, dataDir, databaseUrl] = process.argv.slice(2);
if (mode === '--seed') await seed(tree!, dataDir!, databaseUrl ?? '');
else await main();
