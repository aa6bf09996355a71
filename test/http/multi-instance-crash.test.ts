// store: postgres only (instances on one PostgreSQL database: SIGKILL of one, jobs that run once)
/**
 * Durability is PostgreSQL's: a write is acknowledged after its commit, so SIGKILL of an instance
 * loses nothing it acknowledged while the other keeps serving. Background work goes through
 * `db.exclusive` (an advisory lock): run once across instances, released by a crashed holder.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { stopChildServer } from '../child-server';
import { call } from '../harness';
import { on, twoInstances, within } from './multi-instance-helpers';
import type { Instance } from './multi-instance-helpers';

const run = twoInstances(test);

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

type Written = { acknowledged: Map<string, number>; failures: string[] };

/** Creates licences on `instance` one after another until `until()`; what was acknowledged, and what failed. */
async function writer(instance: Instance, name: string, until: () => boolean, written: Written): Promise<void> {
  const expires = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  for (let index = 0; !until(); index++) {
    const email = `${name}-${index}@example.com`;
    try {
      const answer = await on(instance, 'POST', '/api/license/create', {
        cookie: run.cookie,
        body: { email, expired_date: expires, app_type: 'loopbot' },
      });
      if (answer.status === 200) written.acknowledged.set(email, (answer.json.license as { id: number }).id);
      else written.failures.push(`${email}: ${answer.status} ${answer.text}`);
    } catch (error) {
      // A refused or cut connection: never acknowledged.
      written.failures.push(`${email}: ${(error as Error).message}`);
      if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
    }
  }
}

test('SIGKILL of A during writes loses no acknowledged write; B keeps serving throughout', async () => {
  const onA: Written = { acknowledged: new Map(), failures: [] };
  const onB: Written = { acknowledged: new Map(), failures: [] };
  let stopB = false;
  const killed = { at: 0 };
  const writers = [
    ...Array.from({ length: 4 }, (_, index) => writer(run.a, `a${index}`, () => false, onA)),
    ...Array.from({ length: 4 }, (_, index) => writer(run.b, `b${index}`, () => stopB, onB)),
  ];
  const health: number[] = [];
  const probe = (async () => {
    while (!stopB) {
      health.push((await call(run.b.url, 'GET', '/healthz')).status);
      await sleep(20);
    }
  })();
  await within(10_000, async () => onA.acknowledged.size >= 40);
  run.a.child.kill('SIGKILL');
  killed.at = onB.acknowledged.size;
  await stopChildServer(run.a);
  // B goes on writing for a while after the kill.
  await within(10_000, async () => onB.acknowledged.size >= killed.at + 40);
  stopB = true;
  await Promise.all([...writers, probe]);

  assert.ok(onA.acknowledged.size >= 40, `A acknowledged ${onA.acknowledged.size} writes before the kill`);
  assert.ok(onA.failures.length > 0, 'writes were in flight on A when it was killed');
  assert.equal(onB.failures, [], 'B refused nothing');
  assert.ok(health.length > 0 && health.every((status) => status === 200), 'B answered /healthz throughout');
  const stored = new Map(
    (await run.db.all<{ id: number; email: string }>('SELECT id, email FROM licenses')).map((row) => [
      row.email,
      row.id,
    ]),
  );
  const lost = [...onA.acknowledged, ...onB.acknowledged].filter(([email, id]) => stored.get(email) !== id);
  assert.equal(lost, [], 'every acknowledged write is stored with its id');
  // B still serves reads and writes of what A wrote.
  const [email] = [...onA.acknowledged.keys()];
  const found = await on(run.b, 'GET', `/api/license/list?search=${encodeURIComponent(email!)}`, {
    cookie: run.cookie,
  });
  assert.is(found.json.total, 1);
});

/** A process holding job `name` (as a crashed instance would) until it is killed. */
function lockHolder(databaseUrl: string, name: string): Promise<ReturnType<typeof spawn>> {
  const store = resolve('data/postgres/postgres-store.ts');
  const code = `const { PostgresStore } = await import(${JSON.stringify(store)});
    const db = await PostgresStore.open({ url: ${JSON.stringify(databaseUrl)} });
    void db.exclusive(${JSON.stringify(name)}, () => { console.log('holding'); return new Promise(() => undefined); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && done(child));
    child.once('exit', (code) => fail(new Error(`lock holder exited (${code})`)));
  });
}

test('a background job runs once across instances; a crashed holder releases it', async () => {
  const instances = [
    run.db,
    ...(await Promise.all([1, 2].map(() => PostgresStore.open({ url: run.databaseUrl, maxConnections: 2 })))),
  ];
  try {
    let running = 0;
    let overlapped = false;
    for (let round = 0; round < 5; round++) {
      // The job holds the lock until every other try has been refused (5 s at most), so a try
      // that reaches PostgreSQL late on a busy machine still finds it held.
      let refused = 0;
      let othersRefused = (): void => undefined;
      const allRefused = new Promise<void>((done) => (othersRefused = done));
      const job = async (): Promise<void> => {
        overlapped ||= running > 0;
        running++;
        await Promise.race([allRefused, sleep(5_000)]);
        running--;
      };
      const tries = instances.flatMap((db) => [db.exclusive('reminder-scan', job), db.exclusive('reminder-scan', job)]);
      for (const attempt of tries)
        void attempt.then((ran) => !ran && ++refused === tries.length - 1 && othersRefused());
      const ran = await Promise.all(tries);
      assert.is(ran.filter(Boolean).length, 1, `round ${round}: ${ran.join(' ')}`);
    }
    assert.not.ok(overlapped);

    const holder = await lockHolder(run.databaseUrl, 'mail-sender');
    assert.is(await run.db.exclusive('mail-sender', async () => undefined), false, 'held by the other process');
    holder.kill('SIGKILL');
    const released = await within(5000, () => run.db.exclusive('mail-sender', async () => undefined));
    assert.ok(released !== undefined, 'the lock ended with the killed process');
  } finally {
    await Promise.all(instances.slice(1).map((db) => db.close()));
  }
});

test.run();
