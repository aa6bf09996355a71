import { createHash } from 'node:crypto';
import { Agent } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CALLS } from '../../contract/calls/calls';
import { checkAnswer } from '../answer-check';
import { makeFuzzer, send } from '../fuzz-requests';
import { call, loginCookie, startServer } from '../harness';

const COUNT = Number(process.env.FUZZ_COUNT ?? 1200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const MERCHANT_KEY = 'fuzz-merchant-key-0123456789';
/** The audit log, sessions and rate counters legitimately change on rejected calls (failed validations are audited). */
const WATCHED_TABLES = [
  'admins',
  'licenses',
  'loopstreams',
  'configs',
  'prompts',
  'storefront_plans',
  'storefront_values',
  'orders',
  'order_licenses',
  'outbox',
];
/** A stack frame or a source path in an answer: an error leaked from inside the server. */
const STACK_TRACE = /\bat [\w.<>]+ \(|node:internal|\.[jt]sx?:\d+:\d+/;

test(`${COUNT} requests over every call, plausible, broken and malformed: no 5xx, no stack trace, answers as declared, rejected calls change nothing`, async () => {
  const server = await startServer({
    LICENSE_RATE_PER_IP_PER_MIN: '1000000',
    LICENSE_UNKNOWN_KEY_LIMIT: '1000000',
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    const cookie = await loginCookie(server.url);
    const db = server.app.ctx.db;
    const fingerprint = async (): Promise<string> => {
      const hash = createHash('sha1');
      for (const table of WATCHED_TABLES)
        hash.update(JSON.stringify(await db.all(`SELECT * FROM ${table} ORDER BY 1`)));
      return hash.digest('hex');
    };
    // A licence to find, so the licence API's calls get past "unknown key" too.
    const created = await call(server.url, 'POST', '/api/license/create', {
      cookie,
      body: { email: 'fuzz@example.com', expired_date: '2030-01-01T00:00:00.000Z' },
    });
    const licenseKey = (created.json.license as { license_key: string }).license_key;
    const next = makeFuzzer(SEED, { merchantKey: MERCHANT_KEY, known: { license_key: [licenseKey] } });
    const base = new URL(server.url);
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const answeredWell = new Set<string>();
    let before = await fingerprint();
    const sent = new Set<string>();
    for (let index = 0; index < COUNT && problems.length < 10; index++) {
      const fuzz = next();
      sent.add(fuzz.call.id);
      // Half the requests carry the admin session so the handlers behind the guard are reached;
      // never on logout, which would end the session for the rest of the run.
      const withSession = index % 2 === 0 && !fuzz.path.startsWith('/api/admin/logout');
      const answer = await send(base, fuzz, agent, withSession ? cookie : undefined);
      const label = `#${index} ${fuzz.method} ${fuzz.path.slice(0, 80)} (${fuzz.headers['content-type'] ?? 'no type'})`;
      if (answer.status !== 0) {
        try {
          checkAnswer({
            method: fuzz.method,
            url: fuzz.path,
            status: answer.status,
            contentType: answer.contentType ?? null,
            body: answer.body,
          });
        } catch (error) {
          problems.push(`${label} → ${(error as Error).message}`);
        }
      }
      const text = answer.body?.toString('utf8') ?? '';
      if (!answer.contentType?.startsWith('image/') && STACK_TRACE.test(text))
        problems.push(`${label} → a stack trace: ${text.slice(0, 300)}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 200 && answer.status < 300 && fuzz.method === fuzz.call.method)
        answeredWell.add(fuzz.call.id);
      if (answer.status >= 500) problems.push(`${label} → ${answer.status} ${text.slice(0, 200)}`);
      if (answer.status === 0) {
        // A connection cut while we were still sending an oversized body is fine; a dead server is not.
        const health = await call(server.url, 'GET', '/healthz');
        if (health.status !== 200) problems.push(`${label} → server stopped answering (${answer.error})`);
      }
      const after = await fingerprint();
      if (answer.status >= 400 && after !== before) problems.push(`${label} → ${answer.status} but data changed`);
      before = after;
    }
    assert.equal(problems, [], problems.join('\n'));
    assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
    assert.ok((statuses.get(401) ?? 0) > 0, 'some requests were refused by the guard');
    assert.equal(
      CALLS.map((spec) => spec.id).filter((id) => !sent.has(id)),
      [],
      'every call was fuzzed',
    );
    // Plausible requests get past the checks: most calls answered 2xx at least once.
    assert.ok(answeredWell.size >= CALLS.length / 2, `calls answered 2xx: ${[...answeredWell].join(', ')}`);
  } finally {
    agent.destroy();
    await server.close();
  }
});

test.run();
