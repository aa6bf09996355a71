/**
 * Orders in the activity log: a Lynk.id payment records its order (paid / needs review / waiting
 * for LoopStream set-up) and the licence it issued or extended, as Lynk.id from the caller's IP; a
 * redelivery, a refused replay (409) and a bad signature write nothing. The owner's steps (Issue
 * licence, Process again, Set up LoopStream, Mark handled) are recorded as the admin; refused ones not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { deliver, MERCHANT_KEY, paymentDelivery, resplit } from './lynk-helpers';
import type { Delivery } from './lynk-helpers';
import type { Entry } from './activity-helpers';

const LYNK_IP = '203.0.113.77';
const ADMIN_IP = '198.51.100.23';
const clock = fixedClock('2026-06-01T03:00:00.000Z');
let server: TestServer;
let cookie = '';

test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1', LYNK_MERCHANT_KEY: MERCHANT_KEY }, { now: clock.at });
  cookie = await loginCookie(server.url);
  assert.is((await api('POST', '/api/config/initialize', {})).status, 200);
});

test.after(async () => {
  await server.close();
});

const api = (method: string, path: string, body?: unknown): Promise<ApiAnswer> =>
  call(server.url, method, path, { cookie, body, headers: { 'x-forwarded-for': ADMIN_IP } });
const pay = (delivery: Delivery): Promise<ApiAnswer> => deliver(server, delivery, { 'x-forwarded-for': LYNK_IP });

async function rows(): Promise<Entry[]> {
  const stored = await server.app.ctx.db.all<Entry & { before_json: string | null; after_json: string | null }>(
    'SELECT * FROM activity_log ORDER BY id',
  );
  return stored.map(({ before_json, after_json, ...entry }) => ({
    ...entry,
    before: before_json === null ? null : JSON.parse(before_json),
    after: after_json === null ? null : JSON.parse(after_json),
  }));
}

/** The entries `step` added, oldest first. */
async function added(step: () => Promise<unknown>): Promise<Entry[]> {
  const last = (await rows()).at(-1)?.id ?? 0;
  await step();
  return (await rows()).filter((entry) => entry.id > last);
}

const who = (entry: Entry) => [entry.actor, entry.actor_label, entry.ip, entry.action, entry.object_type];

test('a paid LoopBOT order: the order and its new licence, as Lynk.id; a redelivery writes nothing', async () => {
  const delivery = paymentDelivery({ refId: 'REF-A1', email: 'ani@example.com' });
  let answer: ApiAnswer | undefined;
  const entries = await added(async () => (answer = await pay(delivery)));
  assert.is(answer!.status, 200, answer!.text);
  const orderId = String(answer!.json.order_id);
  assert.equal(entries.map(who), [
    ['lynk', null, LYNK_IP, 'order.paid', 'order'],
    ['lynk', null, LYNK_IP, 'license.created', 'license'],
  ]);
  assert.is(entries[0]!.object_id, orderId);
  assert.equal(entries[0]!.after, {
    ref_id: 'REF-A1',
    email: 'ani@example.com',
    amount_idr: 150_000,
    status: 'fulfilled',
  });
  assert.is(entries[0]!.summary, 'order REF-A1 of ani@example.com, Rp 150.000: paid');
  const license = entries[1]!.after as { email: string; expired_date: string; order_id: number };
  assert.equal(
    [license.email, license.expired_date, license.order_id],
    ['ani@example.com', '2026-07-01T03:00:00.000Z', Number(orderId)],
  );
  const again = await added(async () => assert.is((await pay(delivery)).json.duplicate, true));
  assert.equal(again, [], 'the same payment delivered again changes nothing');
});

test('a second order of the same buyer extends the licence: expiry before → after', async () => {
  const entries = await added(() => pay(paymentDelivery({ refId: 'REF-A2', email: 'ani@example.com' })));
  assert.equal(
    entries.map((entry) => entry.action),
    ['order.paid', 'license.extended'],
  );
  const extended = entries[1]!;
  assert.equal(
    [extended.before, extended.after],
    [
      { expired_date: '2026-07-01T03:00:00.000Z' },
      { expired_date: '2026-07-31T03:00:00.000Z', order_id: (extended.after as { order_id: number }).order_id },
    ],
  );
  assert.is(extended.summary, 'expiry 1 July 2026 → 31 July 2026 by order REF-A2 (30 days)');
});

test('an order below the price needs review; a LoopStream order waits for set-up: one entry each, no licence', async () => {
  const review = await added(() =>
    pay(
      paymentDelivery({
        refId: 'REF-R1',
        email: 'rini@example.com',
        items: [{ title: 'LoopBOT 1 Bulan', price: 1000 }],
      }),
    ),
  );
  assert.equal(review.map(who), [['lynk', null, LYNK_IP, 'order.needs_review', 'order']]);
  assert.match(review[0]!.summary, 'needs review (Paid Rp 1.000, below');
  const setup = await added(() =>
    pay(
      paymentDelivery({
        refId: 'REF-S1',
        email: 'sari@example.com',
        items: [{ title: 'LoopStream Set 3', price: 349_000 }],
      }),
    ),
  );
  assert.equal(setup.map(who), [['lynk', null, LYNK_IP, 'order.needs_setup', 'order']]);
});

test('a refused replay (409) and a bad signature write nothing', async () => {
  const captured = paymentDelivery({ refId: 'REFREPLAY1', messageId: 'MSGREPLAY1', email: 'asli@example.com' });
  await pay(captured);
  const replay = await added(async () => assert.is((await pay(resplit(captured, 4, 'evil@example.com'))).status, 409));
  assert.equal(replay, []);
  const forged = await added(async () =>
    assert.is((await pay({ ...paymentDelivery({ refId: 'REF-F1' }), signature: '0'.repeat(64) })).status, 401),
  );
  assert.equal(forged, []);
});

async function orderId(refId: string): Promise<number> {
  const list = await api('GET', `/api/order/list?search=${refId}`);
  return (list.json.orders as Array<{ id: number }>)[0]!.id;
}

test('the owner: Issue licence, Process again, Set up LoopStream, Mark handled: recorded as the admin; refusals not', async () => {
  const review = await orderId('REF-R1');
  assert.equal(
    await added(async () =>
      assert.is((await api('POST', `/api/order/issue-license/${review}`, { plan_id: 'nope' })).status, 400),
    ),
    [],
  );
  const issued = await added(async () =>
    assert.is((await api('POST', `/api/order/issue-license/${review}`, { plan_id: 'loopbot-1-bulan' })).status, 200),
  );
  assert.equal(issued.map(who), [['admin', 'admin', ADMIN_IP, 'license.created', 'license']]);
  assert.match(issued[0]!.summary, 'LoopBOT licence for rini@example.com issued by order REF-R1 (30 days)');
  assert.equal(
    await added(async () =>
      assert.is((await api('POST', `/api/order/issue-license/${review}`, { plan_id: 'loopbot-1-bulan' })).status, 409),
    ),
    [],
  );

  await pay(
    paymentDelivery({ refId: 'REF-P1', email: 'promo@example.com', items: [{ title: 'Promo X', price: 150_000 }] }),
  );
  const promo = await orderId('REF-P1');
  const reprocessed = await added(async () =>
    assert.is((await api('POST', `/api/order/reprocess/${promo}`)).status, 200),
  );
  assert.equal(reprocessed.map(who), [['admin', 'admin', ADMIN_IP, 'order.reprocessed', 'order']]);
  assert.equal([reprocessed[0]!.object_id, reprocessed[0]!.before], [String(promo), { status: 'needs_review' }]);

  const setup = await orderId('REF-S1');
  const access = {
    package_type: 'Set 3',
    customer_name: 'Sari',
    ip_server: '203.0.113.9',
    expired_date: '2030-01-01T00:00:00Z',
  };
  const created = await added(async () =>
    assert.is((await api('POST', `/api/order/loopstream/${setup}`, access)).status, 200),
  );
  assert.equal(created.map(who), [['admin', 'admin', ADMIN_IP, 'loopstream.created', 'loopstream']]);
  assert.match(created[0]!.summary, 'set up for order REF-S1');

  const handled = await added(async () => assert.is((await api('POST', `/api/order/handled/${promo}`)).status, 200));
  assert.equal(handled.map(who), [['admin', 'admin', ADMIN_IP, 'order.handled', 'order']]);
  assert.equal(
    await added(async () => assert.is((await api('POST', `/api/order/handled/${promo}`)).status, 200)),
    [],
    'already handled',
  );
  assert.equal(await added(async () => assert.is((await api('POST', '/api/order/handled/999999')).status, 404)), []);
});

test.run();
