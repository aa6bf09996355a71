/**
 * Every buyer call of the contract (auth 'buyer') needs the buyer session: without one, or with the
 * admin's cookie, 401; a change with the buyer cookie from another site, 403. Derived from CALLS.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashToken } from '../../api/http/cookies';
import { pathOf } from '../../contract/calls/call';
import type { CallSpec } from '../../contract/calls/call';
import { CALLS } from '../../contract/calls/calls';
import { insertBuyerSession } from '../../data/buyer-sessions';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';

const BUYER_CALLS = (CALLS as readonly CallSpec[]).filter((spec) => spec.auth === 'buyer');
const CROSS_SITE = { origin: 'https://evil.example' };
const TOKEN = 'b'.repeat(43);

let server: TestServer;
let admin: string;
test.before(async () => {
  server = await startServer();
  admin = await loginCookie(server.url);
  const at = new Date().toISOString();
  await insertBuyerSession(server.app.ctx.db, {
    token_hash: hashToken(TOKEN),
    email: 'guard@example.com',
    created_at: at,
    last_seen_at: at,
  });
});
test.after(async () => {
  await server.close();
});

test(`the contract has buyer calls (${BUYER_CALLS.length})`, () => {
  assert.ok(BUYER_CALLS.length >= 8);
});

for (const spec of BUYER_CALLS) {
  const path = pathOf(spec.path, { id: 1 });
  test(`${spec.id}: ${spec.method} ${path} without a buyer session → 401, also with the admin's cookie`, async () => {
    for (const cookie of [undefined, admin, 'loop_buyer=forged', `loop_buyer=${'A'.repeat(43)}`]) {
      const answer = await call(server.url, spec.method, path, { cookie });
      assert.equal([answer.status, answer.json], [401, { success: false, error: 'Unauthorized' }], String(cookie));
    }
  });
  test(`${spec.id}: with the buyer session from another site → ${spec.method === 'GET' ? 'a read goes through' : '403'}`, async () => {
    const answer = await call(server.url, spec.method, path, { cookie: `loop_buyer=${TOKEN}`, headers: CROSS_SITE });
    if (spec.method === 'GET') assert.not.ok([401, 403].includes(answer.status), answer.text.slice(0, 200));
    else assert.equal([answer.status, answer.json.error], [403, 'Cross-site request refused']);
  });
}

test.run();
