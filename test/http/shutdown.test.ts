/** SIGTERM/SIGINT on the built server: stop accepting, finish requests in flight, flush storage, exit 0. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDurableState } from '../../data/sqlite/durable-state';
import { checkedFetch } from '../answer-check';
import { send, startChildServer, stopChildServer } from '../child-server';
import { ADMIN, testDatabaseFor } from '../harness';

const LOGINS = 6;
const WRITES = 20;
const COUNTS = [
  "SELECT count(*) AS n FROM configs WHERE config_key LIKE 'stop_%'",
  'SELECT count(*) AS n FROM sessions',
];

/** What the stopped server stored: in its final snapshot (embedded), or in its PostgreSQL database. */
async function storedCounts(dataDir: string): Promise<number[]> {
  const databaseUrl = await testDatabaseFor(dataDir);
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await Promise.all(COUNTS.map(async (sql) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n)));
    } finally {
      await client.end();
    }
  }
  assert.ok((await readdir(dataDir)).includes('db.sqlite'), 'a final snapshot was written');
  const state = await readDurableState(dataDir);
  try {
    assert.is(state.replayed, 0, 'the snapshot already holds everything');
    return COUNTS.map((sql) => Number(state.raw.exec(sql)[0]?.values[0]?.[0]));
  } finally {
    state.raw.close();
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal}: requests in flight finish and are durable, then exit 0`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'loop-stop-'));
    const server = await startChildServer(dataDir);
    const agent = new Agent({ keepAlive: true, maxSockets: LOGINS + WRITES });
    try {
      const login = await send(agent, server.url, 'POST', '/api/admin/login', ADMIN);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      // Open every connection first: a request is "in flight" once the server accepted its connection.
      await Promise.all(Array.from({ length: LOGINS + WRITES }, () => send(agent, server.url, 'GET', '/healthz')));
      // Logins are slow (scrypt): several are still running when the signal arrives.
      const logins = Array.from({ length: LOGINS }, () => send(agent, server.url, 'POST', '/api/admin/login', ADMIN));
      const writes = Array.from({ length: WRITES }, (_, index) =>
        send(
          agent,
          server.url,
          'POST',
          '/api/config/set',
          { config_key: `stop_${index}`, config_value: `v${index}` },
          cookie,
        ),
      );
      await new Promise((done) => setTimeout(done, 30));
      server.child.kill(signal);
      const answers = await Promise.all([...logins, ...writes]);
      assert.equal(
        answers.map((answer) => answer.status),
        answers.map(() => 200),
      );
      assert.equal(await server.exited, { code: 0, signal: null });
      assert.match(server.output(), `${signal}: finishing requests in flight`);
      // Exited, so its output is complete: every connection closed without the forced-close timer.
      assert.not.match(server.output(), `${signal}: closing the connections still open`);

      assert.not.ok((await readdir(dataDir)).includes('server.pid'), 'the data directory is released');
      assert.equal(await storedCounts(dataDir), [WRITES, LOGINS + 1]);
    } finally {
      agent.destroy();
      await stopChildServer(server);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}

test('after the signal, new connections are refused while the last request finishes', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-stop-'));
  const server = await startChildServer(dataDir);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await send(agent, server.url, 'GET', '/healthz');
    const slow = send(agent, server.url, 'POST', '/api/admin/login', ADMIN);
    await new Promise((done) => setTimeout(done, 20));
    server.child.kill('SIGTERM');
    // The server says it is stopping in the same turn as it stops listening.
    for (const until = Date.now() + 5_000; !server.output().includes('SIGTERM: finishing') && Date.now() < until;)
      await new Promise((done) => setTimeout(done, 10));
    const late = await checkedFetch(`${server.url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    assert.is((await slow).status, 200);
    assert.is(late, 0);
    assert.equal(await server.exited, { code: 0, signal: null });
  } finally {
    agent.destroy();
    await stopChildServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
