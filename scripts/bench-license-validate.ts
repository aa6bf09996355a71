/**
 * Licence validate throughput: 100,000 licences (each bound to its device), POST
 * /api/license/validate at 50 connections with autocannon, each request a different key, against
 * the real app; and in the same run a bare node:http server answering a fixed validate-sized JSON.
 * Prints req/s, p50/p99 latency and the ratio app / bare. Each server runs in its own process so
 * autocannon does not share its event loop. The rate limits are raised through their variables.
 * Then a breakdown of one validate's parts (key hash, lookup, signed answer) in microseconds.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteStore } from '../data/sqlite/sqlite-store';
import { benchDevice, benchKey, boundBenchLicenses } from './bench-licenses';
import { loadLine, loadValidate } from './validate-autocannon';
import type { LoadResult } from './validate-autocannon';

const COUNT = Number(process.env.BENCH_LICENSES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const RAISED_LIMITS = {
  LICENSE_RATE_PER_IP_PER_MIN: '10000000',
  LICENSE_VALIDATE_PER_HOUR: '10000000',
  LICENSE_ACTIVATE_PER_HOUR: '10000000',
  LICENSE_UNKNOWN_KEY_LIMIT: '10000000',
};

type Ready = { port: number; breakdown?: Record<string, number> };

async function serveApp(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../api/config');
  const { createApp } = await import('../api/app');
  const { hashLicenseKey } = await import('../api/licenses/license-keys');
  const { importLicenses } = await import('../data/licenses/licenses');
  const { findLicenseByKeyHash } = await import('../data/licenses/devices');
  const { buildLicenseAnswer } = await import('../api/license-api/license-answer');
  const { loadLicenseSigner } = await import('../api/license-api/license-signing');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-password-1',
    ...RAISED_LIMITS,
  });
  const app = await createApp(config);
  const now = new Date();
  const started = performance.now();
  const rows = boundBenchLicenses(COUNT, now);
  await importLicenses(app.ctx.db, rows, now.toISOString());
  console.log(
    `seeded ${COUNT.toLocaleString('en')} bound licences in one transaction: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Measured from a compact state (journal folded into the snapshot), as a server running a while is.
  if (app.ctx.db instanceof SqliteStore) await app.ctx.db.database.snapshot();

  // Where one validate's time goes, measured on the seeded database.
  const signer = await loadLicenseSigner(undefined, dataDir);
  const time = async (run: (index: number) => unknown): Promise<number> => {
    const runs = 20_000;
    for (let index = 0; index < 1000; index++) await run(index);
    const begin = performance.now();
    for (let index = 0; index < runs; index++) await run(index * 7 + 13);
    return ((performance.now() - begin) / runs) * 1000;
  };
  const license = (await findLicenseByKeyHash(app.ctx.db, hashLicenseKey(benchKey(1))))!;
  const breakdown = {
    'sha-256 of the key': await time((index) => hashLicenseKey(benchKey(index % COUNT))),
    'lookup by key hash': await time((index) => findLicenseByKeyHash(app.ctx.db, rows[index % COUNT]!.key_sha256)),
    'signed answer (payload + Ed25519 + JSON)': await time(() =>
      JSON.stringify(
        buildLicenseAnswer(signer, {
          call: 'validate',
          code: 'VALID',
          message: 'License is valid.',
          now: new Date(),
          license,
          deviceId: license.device_id,
        }).body,
      ),
    ),
  };

  const server = createServer(app.handle);
  server.listen(0, '127.0.0.1', () =>
    process.send!({ port: (server.address() as AddressInfo).port, breakdown } satisfies Ready),
  );
  reportCpu();
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
}

function serveBare(fixedBody: string): void {
  const body = Buffer.from(fixedBody);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port } satisfies Ready));
  reportCpu();
  process.on('disconnect', () => process.exit(0));
}

/** On 'cpu' from the parent: this process's CPU time (µs) since the previous 'cpu'. On a shared machine this is the steadier figure. */
function reportCpu(): void {
  let last = process.cpuUsage();
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    process.send!({ cpuMicros: used.user + used.system });
  });
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve((message as { cpuMicros: number }).cpuMicros));
    child.send('cpu');
  });
}

function start(args: string[]): Promise<{ child: ChildProcess; ready: Ready }> {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of the app process (open it in Chrome's DevTools).
  const profile =
    process.env.BENCH_CPU_PROF && args[0] === '--serve-app'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
  const child = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
}

function load(port: number, seconds: number): Promise<LoadResult> {
  return loadValidate(port, { connections: CONNECTIONS, seconds, count: COUNT });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-license-validate-'));
  const children: ChildProcess[] = [];
  try {
    const app = await start(['--serve-app', dataDir]);
    children.push(app.child);
    for (const [part, micros] of Object.entries(app.ready.breakdown ?? {}))
      console.log(`  ${part.padEnd(42)} ${micros.toFixed(1)} µs`);
    const sample = await fetch(`http://127.0.0.1:${app.ready.port}/api/license/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ license_key: benchKey(0), device_id: benchDevice(0), nonce: 'bench-nonce-0' }),
    });
    const sampleText = await sample.text();
    if (sample.status !== 200) throw new Error(`validate answered ${sample.status}: ${sampleText}`);
    const bare = await start(['--serve-bare', sampleText]);
    children.push(bare.child);

    await load(bare.ready.port, 2);
    await cpuOf(bare.child);
    const baseline = await load(bare.ready.port, SECONDS);
    const bareCpu = (await cpuOf(bare.child)) / baseline.requests.total;
    await load(app.ready.port, 2);
    await cpuOf(app.child);
    const validate = await load(app.ready.port, SECONDS);
    const appCpu = (await cpuOf(app.child)) / validate.requests.total;
    console.log(
      `validate at ${CONNECTIONS} connections over ${COUNT.toLocaleString('en')} licences (${SECONDS} s each, same run):`,
    );
    console.log(loadLine('bare node:http, fixed JSON', baseline));
    console.log(loadLine('POST /api/license/validate', validate));
    console.log(`ratio validate / bare: ${(validate.requests.average / baseline.requests.average).toFixed(3)}`);
    console.log(
      `server CPU per request: validate ${appCpu.toFixed(0)} µs, bare ${bareCpu.toFixed(0)} µs (ratio ${(bareCpu / appCpu).toFixed(3)})`,
    );
    if (validate.non2xx > 0 || validate.errors > 0) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.connected) child.disconnect();
    await Promise.all(
      children.map(
        (child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null))),
      ),
    );
    await rm(dataDir, { recursive: true, force: true });
  }
}

const [mode, argument] = process.argv.slice(2);
if (mode === '--serve-app') await serveApp(argument!);
else if (mode === '--serve-bare') serveBare(argument!);
else await main();
