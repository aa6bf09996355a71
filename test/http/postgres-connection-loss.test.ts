// store: postgres only (cuts PostgreSQL connections and stops and starts a PostgreSQL server of its own)
/**
 * Two instances of the built server on one database, paid orders arriving, while what a failing
 * database does happens to them, three times over: the connections running transactions and pool
 * queries, the mail sender's lock connection and both change listeners are ended with
 * pg_terminate_backend, and the server is stopped and started again. Both processes stay up; a
 * delivery is answered 200 or 503 (the payer retries), never 500 or a dropped connection; /readyz
 * is 503 while the database is down and 200 after; every payment, retried until acknowledged, is
 * stored once and its e-mail delivered; the lock's role and the listeners are taken up again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { startChildServer, stopChildServer } from '../child-server';
import type { ChildServer } from '../child-server';
import { call } from '../harness';
import { postgresBinDir, startPostgresCluster } from '../postgres-cluster';
import type { PostgresCluster } from '../postgres-cluster';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { backendsOf, startTraffic } from './connection-loss-helpers';
import type { Backends, Traffic } from './connection-loss-helpers';
import { MERCHANT_KEY, waitUntil } from './lynk-helpers';

const ROUNDS = 3;
const PAYERS = 6;
/** Bounds on waiting for what must happen (a reconnect, a delivery), not figures under test. */
const RECOVERY_MS = 60_000;

let cluster: PostgresCluster;
let smtp: TestSmtp;
let backends: Backends;
let databaseUrl = '';
const servers: ChildServer[] = [];
const dirs: string[] = [];

test.before(async () => {
  if (!postgresBinDir()) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  // Its own cluster: stopping the one the other tests share would fail them.
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase();
  smtp = await startTestSmtp();
  backends = backendsOf(databaseUrl);
  const env = {
    DATABASE_URL: databaseUrl,
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'LoopBOT <admin@loopbot.test>',
    MAIL_RETRY_BASE_S: '1',
    LOG_LEVEL: 'error',
  };
  for (const name of ['a', 'b']) dirs.push(await mkdtemp(join(tmpdir(), `loop-loss-${name}-`)));
  // One after the other: the first migrates, the second finds the schema made.
  for (const dir of dirs) servers.push(await startChildServer(dir, env));
});

test.after(async () => {
  await Promise.all(servers.map((server) => stopChildServer(server, 'SIGKILL')));
  await backends?.close().catch(() => undefined);
  await smtp?.close();
  await cluster?.stop();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const alive = (server: ChildServer): boolean => server.child.exitCode === null && server.child.signalCode === null;

function assertAlive(when: string): void {
  servers.forEach((server, index) => {
    if (!alive(server)) assert.unreachable(`instance ${'AB'[index]} died ${when}:\n${server.output().slice(-3000)}`);
  });
}

/** Waits until `more` further payments were acknowledged: the instances serve again. */
async function servesAgain(traffic: Traffic, more: number, what: string): Promise<void> {
  const target = traffic.acknowledged() + more;
  await waitUntil(
    () => traffic.acknowledged() >= target || !servers.every(alive),
    RECOVERY_MS,
    `payments acknowledged after ${what}`,
  );
  assertAlive(`after ${what}`);
}

/** Each instance's /readyz status, or 'gone' when nothing answers. */
const readyStatuses = (): Promise<Array<number | 'gone'>> =>
  Promise.all(
    servers.map((server) =>
      call(server.url, 'GET', '/readyz').then(
        (answer) => answer.status,
        () => 'gone' as const,
      ),
    ),
  );

test('connections cut and the database restarted under payments on two instances, repeatedly: both stay up, 503 meanwhile, every payment stored once', async () => {
  const traffic = startTraffic(
    servers.map((server) => server.url),
    PAYERS,
  );
  try {
    await servesAgain(traffic, 3, 'the start');
    for (let round = 1; round <= ROUNDS; round++) {
      // Connections inside a transaction (the pool's clients checked out for it).
      await backends.cut('transaction');
      await servesAgain(traffic, 3, `round ${round}: transactions cut`);

      // The mail sender's lock connection, while it holds the lock waiting on the SMTP server.
      const delivered = smtp.received.length;
      smtp.hold();
      await waitUntil(() => smtp.mailFroms() > 0, RECOVERY_MS, 'the mail sender to reach MAIL FROM');
      const ended = smtp.closed();
      const holders = await backends.cut('lock');
      // The holder gives up: it leaves the SMTP server it waited on, which is still holding it.
      await waitUntil(
        () => smtp.closed() > ended || !servers.every(alive),
        RECOVERY_MS,
        'the sender that lost its lock to give up',
      );
      assertAlive(`round ${round}: after the lock connection was cut`);
      // The role is taken again, by either instance, on another connection; mail flows on.
      await waitUntil(
        async () => (await backends.find('lock')).some((pid) => !holders.includes(pid)),
        RECOVERY_MS,
        'the lock taken again',
      );
      smtp.release();
      await waitUntil(() => smtp.received.length > delivered, RECOVERY_MS, 'mail sent after the lock was lost');
      await servesAgain(traffic, 3, `round ${round}: lock connection cut`);

      // Both change listeners: each instance listens again on a new connection.
      const cut = await backends.cut('listener');
      await waitUntil(
        async () => (await backends.find('listener')).filter((pid) => !cut.includes(pid)).length === servers.length,
        RECOVERY_MS,
        'both change listeners back',
      );
      assertAlive(`round ${round}: after the listeners were cut`);

      // The whole server stopped, then started again.
      await cluster.pause();
      try {
        assert.equal(await readyStatuses(), [503, 503], 'not ready while the database is down');
        const refused = traffic.refused();
        await waitUntil(
          () => traffic.refused() >= refused + PAYERS || !servers.every(alive),
          RECOVERY_MS,
          'payments refused while the database is down',
        );
        assertAlive(`round ${round}: while the database is down`);
      } finally {
        await cluster.resume();
      }
      await waitUntil(
        async () => (await readyStatuses()).every((status) => status === 200) || !servers.every(alive),
        RECOVERY_MS,
        'both ready again',
      );
      await servesAgain(traffic, 3, `round ${round}: the database restarted`);
    }
  } finally {
    await traffic.stop();
  }
  assertAlive('by the end');

  const statuses = new Map<string, number>();
  for (const answer of traffic.answers)
    statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
  const odd = traffic.answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
  assert.equal(odd.slice(0, 5), [], `only 200 and 503: ${JSON.stringify([...statuses])}`);
  assert.ok((statuses.get('503') ?? 0) > 0, 'the outage was answered 503');
  assert.equal(
    traffic.payments.filter((payment) => !payment.acknowledged).map((payment) => payment.refId),
    [],
    'every payment acknowledged once retried',
  );

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const stored = async (sql: string): Promise<Map<string, number>> =>
      new Map((await db.query<{ k: string; n: number }>(sql)).rows.map((row) => [row.k, Number(row.n)]));
    const orders = await stored('SELECT ref_id AS k, count(*) AS n FROM orders GROUP BY ref_id');
    const licences = await stored('SELECT email AS k, count(*) AS n FROM licenses GROUP BY email');
    const mails = await stored('SELECT to_address AS k, count(*) AS n FROM outbox GROUP BY to_address');
    const once = (counts: Map<string, number>, keys: string[]): string[] =>
      keys.filter((key) => counts.get(key) !== 1).map((key) => `${key}: ${counts.get(key) ?? 0}`);
    assert.equal(orders.size, traffic.payments.length, 'no order beside the payments sent');
    assert.equal(
      once(
        orders,
        traffic.payments.map((payment) => payment.refId),
      ),
      [],
      'one order per payment',
    );
    assert.equal(
      once(
        licences,
        traffic.payments.map((payment) => payment.email),
      ),
      [],
      'one licence per payment',
    );
    assert.equal(
      once(
        mails,
        traffic.payments.map((payment) => payment.email),
      ),
      [],
      'one e-mail queued per payment',
    );
  } finally {
    await db.end();
  }
  // Every e-mail goes out: the sender's role was taken up again after each loss.
  for (const payment of traffic.payments) await smtp.waitFor(payment.email, RECOVERY_MS);
  assertAlive('after the mail went out');
});

test.run();
