// store: postgres only (stops and restarts a PostgreSQL server of its own; the embedded store cannot go away)
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { valueOf, scrape } from '../metrics-scrape';
import { postgresBinDir, startPostgresCluster } from '../postgres-cluster';
import type { PostgresCluster } from '../postgres-cluster';

const TOKEN = 'metrics-token-for-the-outage-test-42';
/** Only a bound on waiting for the pool to reconnect, not a figure under test. */
const RECONNECT_WAIT_MS = 60_000;

let cluster: PostgresCluster;
let server: TestServer;
test.before(async () => {
  if (!postgresBinDir()) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  // Its own cluster: stopping the one the other tests share would fail them.
  cluster = await startPostgresCluster();
  server = await startServer({ DATABASE_URL: await cluster.createDatabase(), METRICS_TOKEN: TOKEN });
});
test.after(async () => {
  await server?.close();
  await cluster?.stop();
});

async function readyAgain(url: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const until = Date.now() + RECONNECT_WAIT_MS;
  for (;;) {
    const answer = await call(url, 'GET', '/readyz');
    if (answer.status === 200 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('/readyz is 503 while PostgreSQL is stopped and 200 again once it is back; /healthz stays 200', async () => {
  assert.equal(await call(server.url, 'GET', '/readyz').then(({ status, json }) => [status, json]), [
    200,
    { ok: true },
  ]);
  await cluster.pause();
  try {
    const down = await call(server.url, 'GET', '/readyz');
    assert.equal([down.status, down.json], [503, { success: false, error: 'Storage unavailable' }]);
    assert.is((await call(server.url, 'GET', '/healthz')).status, 200, 'the process is alive: only readiness fails');
    // The figures the store cannot give are left out, and store_up says so; the process metrics stay.
    const scraped = await scrape(server.url, TOKEN);
    assert.is(valueOf(scraped, 'loopshop_store_up'), 0);
    assert.is(scraped.families.get('loopshop_outbox_queue_depth')?.metrics.length ?? 0, 0);
    assert.ok(scraped.families.has('process_resident_memory_bytes'));
  } finally {
    await cluster.resume();
  }
  const back = await readyAgain(server.url);
  assert.equal([back.status, back.json], [200, { ok: true }]);
  assert.is(valueOf(await scrape(server.url, TOKEN), 'loopshop_store_up'), 1);
});

test.run();
