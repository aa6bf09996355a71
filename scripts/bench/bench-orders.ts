/**
 * Paid orders in a burst: BENCH_ORDERS (600) distinct signed Lynk.id deliveries ("LoopBOT 1 Bulan",
 * each a new buyer, so each issues a licence and queues an e-mail), 20 in flight, against the built
 * server (BUILD_OUT) on the embedded store and on PostgreSQL with two instances sharing one database
 * (deliveries alternate between them, as behind a proxy). Each store first holds BENCH_SEED_LICENSES
 * (2,000) licences. A last row runs PostgreSQL without the index on (lower(email), app_type), as the
 * schema was before it: every order's SERIALIZABLE transaction then scans licences and conflicts with
 * every other. Prints orders per second, p50/p99 and the answers that were not 2xx, and checks that
 * the store holds one order per delivery. The PostgreSQL cluster is a throwaway one (fsync off).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLicenseSigner } from '../../api/license-api/license-signing';
import { importLicenses } from '../../data/licenses/licenses';
import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';
import { lynkSignature } from '../../api/webhooks/lynk-signature';
import { startChildServer, stopChildServer } from '../../test/child-server';
import type { ChildServer } from '../../test/child-server';
import { startPostgresCluster } from '../../test/postgres-cluster';
import { boundBenchLicenses } from './seed-bench-licenses';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 600);
const SEED = Number(process.env.BENCH_SEED_LICENSES ?? 2000);
const IN_FLIGHT = 20;
const MERCHANT_KEY = 'bench-merchant-key';
const PRICE = 150_000;

type Delivery = { body: string; signature: string };
type Figures = { seconds: number; p50: number; p99: number; statuses: Map<number, number>; stored: number };

function deliveries(run: string): Delivery[] {
  return Array.from({ length: ORDERS }, (_, index) => {
    const refId = `BENCH-${run}-${index}`;
    const messageId = `msg-${run}-${index}`;
    const body = {
      event: 'payment.received',
      data: {
        message_id: messageId,
        message_data: {
          refId,
          totals: { grandTotal: PRICE },
          customer: { name: `Buyer ${index}`, email: `buyer-${run}-${index}@example.com`, phone: '0812' },
          items: [{ title: 'LoopBOT 1 Bulan', qty: 1, price: PRICE }],
        },
      },
    };
    return {
      body: JSON.stringify(body),
      signature: lynkSignature({ grandTotal: String(PRICE), refId, messageId }, MERCHANT_KEY),
    };
  });
}

function post(agent: Agent, url: string, delivery: Delivery): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(new URL('/api/webhooks/lynk', url), {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(delivery.body),
        'x-lynk-signature': delivery.signature,
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(delivery.body);
  });
}

const percentile = (sorted: number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

/** Sends every delivery, IN_FLIGHT at a time, alternating over `urls`. */
async function burst(urls: string[], run: string): Promise<Omit<Figures, 'stored'>> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const list = deliveries(run);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const index = next++;
      const begin = performance.now();
      const status = await post(agent, urls[index % urls.length]!, list[index]!).catch(() => 0);
      latencies.push(performance.now() - begin);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), statuses };
}

async function withStore<T>(
  options: { dataDir: string; databaseUrl?: string },
  work: (db: Store) => Promise<T>,
): Promise<T> {
  const db = await openStore({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    onError: () => undefined,
    onInfo: () => undefined,
  });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const countOrders = (db: Store, run: string): Promise<number> =>
  db
    .get<{ n: number }>('SELECT count(*) AS n FROM orders WHERE ref_id LIKE ?', [`BENCH-${run}-%`])
    .then((row) => Number(row?.n ?? 0));

/** Seeds the store, starts `instances` servers on it, sends the burst, stops them, counts what was stored. */
async function measure(
  run: string,
  instances: number,
  databaseUrl?: string,
  prepare?: (db: Store) => Promise<void>,
): Promise<Figures> {
  const dirs = await Promise.all(
    Array.from({ length: instances }, () => mkdtemp(join(tmpdir(), 'loop-bench-orders-'))),
  );
  const servers: ChildServer[] = [];
  try {
    await withStore({ dataDir: dirs[0]!, databaseUrl }, async (db) => {
      // The key first, as a shop makes it on its first start: a database with licences and no key refuses to start.
      await loadLicenseSigner(undefined, dirs[0]!, db.shared ? db : undefined);
      await importLicenses(db, boundBenchLicenses(SEED, new Date()), new Date().toISOString());
      await prepare?.(db);
    });
    const env = {
      LYNK_MERCHANT_KEY: MERCHANT_KEY,
      LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    for (const dir of dirs) servers.push(await startChildServer(dir, env));
    const figures = await burst(
      servers.map((server) => server.url),
      run,
    );
    if (process.env.BENCH_VERBOSE) for (const server of servers) console.log(server.output().slice(-4000));
    await Promise.all(servers.map((server) => stopChildServer(server, 'SIGTERM')));
    const stored = await withStore({ dataDir: dirs[0]!, databaseUrl }, (db) => countOrders(db, run));
    return { ...figures, stored };
  } finally {
    await Promise.all(servers.map((server) => stopChildServer(server)));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

function report(label: string, figures: Figures): void {
  const errors = [...figures.statuses].filter(([status]) => status < 200 || status > 299);
  const errorCount = errors.reduce((sum, [, n]) => sum + n, 0);
  const detail = errors.length ? ` (${errors.map(([status, n]) => `${n}× ${status || 'no answer'}`).join(', ')})` : '';
  console.log(
    `${label.padEnd(46)} ${(ORDERS / figures.seconds).toFixed(1).padStart(6)} orders/s  p50 ${figures.p50.toFixed(0).padStart(5)} ms  p99 ${figures.p99
      .toFixed(0)
      .padStart(5)} ms  errors ${errorCount}/${ORDERS}${detail}  stored ${figures.stored}`,
  );
}

console.log(
  `${ORDERS} distinct signed deliveries, ${IN_FLIGHT} in flight, ${SEED.toLocaleString('en')} licences seeded`,
);
/** BENCH_ROWS=postgres (or sqljs, noindex): only the rows whose label holds that word. */
const only = (label: string): boolean =>
  !process.env.BENCH_ROWS || label.toLowerCase().includes(process.env.BENCH_ROWS);
if (only('sql.js')) report('sql.js, 1 instance', await measure('sqljs', 1));
const cluster = await startPostgresCluster();
try {
  if (only('postgresql, 2 instances'))
    report('PostgreSQL, 2 instances on one database', await measure('pg', 2, await cluster.createDatabase()));
  const withoutIndex = (db: Store): Promise<void> => db.run('DROP INDEX licenses_email_lower').then(() => undefined);
  const label = 'PostgreSQL, 2 instances, no (lower(email)) index';
  if (only(label)) report(label, await measure('pgnoindex', 2, await cluster.createDatabase(), withoutIndex));
} finally {
  await cluster.stop();
}
