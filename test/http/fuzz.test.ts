import { createHash } from 'node:crypto';
import { Agent } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeFuzzer, send } from '../fuzz-requests';
import { checkAnswer } from '../answer-check';
import { call, loginCookie, startServer } from '../harness';

const COUNT = Number(process.env.FUZZ_COUNT ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** The audit log and sessions legitimately change on rejected calls (failed validations are audited). */
const WATCHED_TABLES = ['admins', 'licenses', 'loopstreams', 'configs', 'prompts'];

test(`${COUNT} malformed requests: no 5xx, no crash, rejected calls change nothing`, async () => {
  const server = await startServer({ LICENSE_RATE_PER_IP_PER_MIN: '1000000', LICENSE_UNKNOWN_KEY_LIMIT: '1000000' });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const cookie = await loginCookie(server.url);
    const db = server.app.ctx.db;
    const fingerprint = async (): Promise<string> => {
      const hash = createHash('sha1');
      for (const table of WATCHED_TABLES) hash.update(JSON.stringify(await db.all(`SELECT * FROM ${table} ORDER BY 1`)));
      return hash.digest('hex');
    };
    const next = makeFuzzer(SEED);
    const base = new URL(server.url);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < COUNT && problems.length < 10; index++) {
      const fuzz = next();
      // Half the requests carry the admin session so the handlers behind the guard are reached;
      // never on logout, which would end the session for the rest of the run.
      const withSession = index % 2 === 0 && !fuzz.path.startsWith('/api/admin/logout');
      const before = await fingerprint();
      const answer = await send(base, fuzz, agent, withSession ? cookie : undefined);
      // Only the status is seen here: it must be one the document declares for the call. Not
      // checked: a DELETE or OPTIONS body, which node:http sends unframed (no length, no chunks),
      // so its bytes reach the server as a malformed next request that Node itself refuses (400).
      const unframed = fuzz.body !== undefined && (fuzz.method === 'DELETE' || fuzz.method === 'OPTIONS');
      if (answer.status !== 0 && !unframed) checkAnswer({ method: fuzz.method, url: fuzz.path, status: answer.status });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const label = `#${index} ${fuzz.method} ${fuzz.path.slice(0, 80)} (${fuzz.headers['content-type'] ?? 'no type'})`;
      if (answer.status >= 500) problems.push(`${label} → ${answer.status}`);
      if (answer.status === 0) {
        // A connection cut while we were still sending an oversized body is fine; a dead server is not.
        const health = await call(server.url, 'GET', '/healthz');
        if (health.status !== 200) problems.push(`${label} → server stopped answering (${answer.error})`);
      } else if (answer.status >= 400 && (await fingerprint()) !== before) {
        problems.push(`${label} → ${answer.status} but data changed`);
      }
    }
    assert.equal(problems, [], problems.join('\n'));
    const health = await call(server.url, 'GET', '/healthz');
    assert.is(health.status, 200);
    assert.ok((statuses.get(401) ?? 0) > 0, 'some requests were refused by the guard');
  } finally {
    agent.destroy();
    await server.close();
  }
});

test.run();
