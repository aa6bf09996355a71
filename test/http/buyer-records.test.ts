/**
 * A buyer sees only what their address owns: licences, LoopStream records, orders; every call with
 * the id of another buyer's record answers 404 with no data, like an unknown id.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathOf } from '../../contract/calls/call';
import type { CallSpec } from '../../contract/calls/call';
import { CALLS } from '../../contract/calls/calls';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { licenseOf, loopstreamOf, signIn } from './buyer-helpers';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', LYNK_MERCHANT_KEY: MERCHANT_KEY });
  await call(server.url, 'POST', '/api/config/initialize', { cookie: await loginCookie(server.url) });
});
test.after(async () => {
  await server.close();
});

type Account = {
  licenses: Array<{ id: number; key_masked: string }>;
  loopstreams: Array<{ id: number; server_address: string }>;
  orders: Array<{ id: number; reference: string; amount_idr: number; status_text: string }>;
};

test('each buyer sees their own licences, LoopStream records and orders, in any case of the address', async () => {
  const ordered = await deliver(server, paymentDelivery({ email: 'Alice@Example.com', refId: 'REF-ALICE-1' }));
  assert.is(ordered.status, 200, ordered.text);
  const aliceManual = await licenseOf(server, 'alice@example.COM');
  const bobLicense = await licenseOf(server, 'bob@example.com');
  const aliceStream = await loopstreamOf(server, 'ALICE@example.com');
  await loopstreamOf(server, 'bob@example.com');
  await loopstreamOf(server, null);
  const alice = (await call(server.url, 'GET', '/api/account', { cookie: await signIn(server, ' alice@example.com') }))
    .json as unknown as Account;
  assert.is(alice.licenses.length, 2);
  assert.ok(alice.licenses.some((license) => license.id === aliceManual.id));
  assert.not.ok(alice.licenses.some((license) => license.id === bobLicense.id));
  assert.equal(
    alice.loopstreams.map((row) => [row.id, row.server_address]),
    [[aliceStream, '203.0.113.9:5000']],
  );
  assert.equal(
    alice.orders.map((order) => [order.reference, order.amount_idr, order.status_text]),
    [['REF-ALICE-1', 150_000, 'Selesai']],
  );
  const bob = (await call(server.url, 'GET', '/api/account', { cookie: await signIn(server, 'bob@example.com') }))
    .json as unknown as Account;
  assert.equal(
    bob.licenses.map((license) => license.id),
    [bobLicense.id],
  );
  assert.is(bob.orders.length, 0);
});

test("a licence's history is in plain Indonesian: issued by the order, the buyer's own actions", async () => {
  const cookie = await signIn(server, 'alice@example.com');
  const account = (await call(server.url, 'GET', '/api/account', { cookie })).json as unknown as Account;
  const histories = await Promise.all(
    account.licenses.map(async (license) => {
      const answer = await call(server.url, 'GET', `/api/account/licenses/${license.id}/history`, { cookie });
      return { id: license.id, texts: (answer.json.history as Array<{ text: string }>).map((entry) => entry.text) };
    }),
  );
  const fromOrder = histories.find((history) => history.texts.includes('Diterbitkan oleh pesanan REF-ALICE-1'));
  assert.ok(fromOrder, JSON.stringify(histories));
  await call(server.url, 'POST', `/api/account/licenses/${fromOrder.id}/reveal`, { cookie });
  const after = await call(server.url, 'GET', `/api/account/licenses/${fromOrder.id}/history`, { cookie });
  assert.equal((after.json.history as Array<{ text: string; actor: string }>)[0], {
    at: (after.json.history as Array<{ at: string }>)[0]!.at,
    actor: 'buyer',
    text: 'Kunci lisensi ditampilkan',
  });
});

/** Every buyer call that names a record, with the id of one Bob owns. */
const ID_CALLS = (CALLS as readonly CallSpec[]).filter((spec) => spec.auth === 'buyer' && spec.path.includes('{id}'));

test(`every buyer call with another buyer's id answers 404 and no data (${ID_CALLS.length} calls)`, async () => {
  assert.ok(ID_CALLS.length >= 6);
  const bobLicense = await licenseOf(server, 'bob@example.com');
  const bobStream = await loopstreamOf(server, 'bob@example.com');
  const cookie = await signIn(server, 'alice@example.com');
  for (const spec of ID_CALLS) {
    const id = spec.path.includes('/loopstreams/') ? bobStream : bobLicense.id;
    for (const target of [id, 999_999]) {
      const answer = await call(server.url, spec.method, pathOf(spec.path, { id: target }), { cookie });
      assert.equal([answer.status, answer.json], [404, { success: false, error: 'Not found' }], `${spec.id} ${target}`);
      assert.not.ok(answer.text.includes(bobLicense.key));
    }
  }
  const bobEvents = await server.app.ctx.db.all<{ actor: string }>(
    "SELECT actor FROM license_events WHERE license_id = ? AND actor = 'buyer'",
    [bobLicense.id],
  );
  assert.is(bobEvents.length, 0, "nothing was done to Bob's licence");
});

test('the own records download: the licence .txt with the /lisensi line, the LoopStream access file', async () => {
  const license = await licenseOf(server, 'carol@example.com');
  const stream = await loopstreamOf(server, 'carol@example.com');
  const cookie = await signIn(server, 'carol@example.com');
  const txt = await call(server.url, 'GET', `/api/account/licenses/${license.id}/download`, { cookie });
  assert.is(txt.status, 200);
  assert.ok(txt.text.includes(license.key));
  assert.match(txt.text, /Cek lisensi Anda: http:\/\/[^\s]+\/lisensi/);
  const file = await call(server.url, 'GET', `/api/account/loopstreams/${stream}/download`, { cookie });
  assert.is(file.status, 200, file.text);
  assert.match(file.text, /203\.0\.113\.9:5000/);
});

test.run();
