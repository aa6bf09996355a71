/**
 * An order the owner handled reads as done everywhere the admin looks (contract/rules/order-effective-status.ts):
 * the Orders rows and their status filter, the dashboard count, `/metrics`' orders gauge; a LoopStream
 * order shows the access set up from it and its WhatsApp text. Orders resolved by the owner's step
 * ("Issue licence", "Set up LoopStream", a passing "Process again") count as revenue in Insights,
 * which says which ones they are.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Insights } from '../../contract/calls/insights';
import type { Order } from '../../contract/calls/orders';
import { rebuildInsightSummariesIn } from '../../data/insights/summary-rebuild';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { samples, scrape } from '../metrics-scrape';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
let server: TestServer;
let cookie = '';

test.before(async () => {
  server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY, METRICS_TOKEN: TOKEN });
  cookie = await loginCookie(server.url);
  assert.is((await api('POST', '/api/config/initialize', {})).status, 200);
});

test.after(async () => {
  await server.close();
});

const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie, body });

async function orderOf(refId: string): Promise<Order> {
  const list = await api('GET', `/api/order/list?search=${refId}`);
  return (list.json.orders as Order[])[0]!;
}

async function listed(status: string): Promise<string[]> {
  const list = await api('GET', `/api/order/list?status=${status}`);
  return (list.json.orders as Order[]).map((order) => order.ref_id).sort();
}

async function ordersGauge(): Promise<Record<string, number>> {
  const scraped = await scrape(server.url, TOKEN);
  return Object.fromEntries(
    samples(scraped, 'loopshop_orders').map((sample) => [sample.labels!.status, Number(sample.value)]),
  );
}

async function insights(): Promise<Insights> {
  const answer = await api('GET', '/api/insights?period=30d');
  assert.is(answer.status, 200, answer.text);
  return answer.json.insights as Insights;
}

test('orders the owner handled: done in the rows, the filter, the dashboard and /metrics; the LoopStream row shows its access', async () => {
  await deliver(
    server,
    paymentDelivery({
      refId: 'H-STREAM',
      email: 'sari@example.com',
      phone: '0813-1111-2222',
      items: [{ title: 'LoopStream Set 2', price: 275_000 }],
    }),
  );
  await deliver(
    server,
    paymentDelivery({
      refId: 'H-REVIEW',
      email: 'eko@example.com',
      items: [{ title: 'Kursus Kilat', price: 150_000 }],
    }),
  );
  assert.equal(await ordersGauge(), { fulfilled: 0, handled: 0, needs_setup: 1, needs_review: 1 });
  const stream = await orderOf('H-STREAM');
  const setUp = await api('POST', `/api/order/loopstream/${stream.id}`, {
    package_type: 'Set 2',
    customer_name: 'Sari',
    ip_server: '203.0.113.9',
    expired_date: '2099-01-31T00:00:00Z',
  });
  assert.is(setUp.status, 200, setUp.text);
  const review = await orderOf('H-REVIEW');
  const issued = await api('POST', `/api/order/issue-license/${review.id}`, { plan_id: 'loopbot-1-bulan' });
  assert.is(issued.status, 200, issued.text);

  const [shownStream, shownReview] = [await orderOf('H-STREAM'), await orderOf('H-REVIEW')];
  assert.equal(
    [shownStream.status, shownStream.effective_status, shownReview.status, shownReview.effective_status],
    ['needs_setup', 'handled', 'needs_review', 'handled'],
  );
  assert.equal(
    shownStream.loopstreams.map((row) => [row.package_type, row.ip_server]),
    [['Set 2', '203.0.113.9:5000']],
  );
  assert.match(shownStream.loopstream_message ?? '', '203.0.113.9:5000');
  assert.equal(await listed('needs_setup'), []);
  assert.equal(await listed('needs_review'), []);
  assert.equal(await listed('fulfilled'), ['H-REVIEW', 'H-STREAM']);
  const stats = await api('GET', '/api/order/stats');
  assert.is((stats.json.stats as { needs_attention: number }).needs_attention, 0);
  assert.equal(await ordersGauge(), { fulfilled: 0, handled: 2, needs_setup: 0, needs_review: 0 });
});

test('Insights: orders resolved by hand are revenue and named; a rebuild of the summaries agrees', async () => {
  await deliver(
    server,
    paymentDelivery({
      refId: 'H-PROMO',
      email: 'promo@example.com',
      items: [{ title: 'LoopBOT Promo Lebaran', price: 150_000 }],
    }),
  );
  const promo = await orderOf('H-PROMO');
  const before = await insights();
  assert.equal(before.revenue.needs_review, { orders: 1, amount_idr: 150_000 });
  await server.app.ctx.db.run(`UPDATE storefront_plans SET lynk_titles = ? WHERE id = 'loopbot-1-bulan'`, [
    JSON.stringify(['LoopBOT 1 Bulan', 'LoopBOT Promo Lebaran']),
  ]);
  const again = await api('POST', `/api/order/reprocess/${promo.id}`);
  assert.is((again.json.order as Order).status, 'fulfilled', again.text);

  const expected = (figures: Insights) => {
    const { paid, needs_review, resolved_by_hand, plans } = figures.revenue;
    return {
      paid,
      needs_review,
      byHand: [resolved_by_hand.orders, resolved_by_hand.revenue_idr],
      names: resolved_by_hand.list.map((order) => order.ref_id).sort(),
      plans: plans.map((plan) => [plan.plan_id, plan.orders, plan.revenue_idr]),
    };
  };
  const after = expected(await insights());
  // Set 2 (275,000) delivered by itself at first (needs_setup is paid); the two under review joined it.
  assert.equal(after.paid, { orders: 3, revenue_idr: 575_000 });
  assert.equal(after.needs_review, { orders: 0, amount_idr: 0 });
  assert.equal(after.byHand, [2, 300_000]);
  assert.equal(after.names, ['H-PROMO', 'H-REVIEW']);
  assert.ok(
    after.plans.some(([plan, orders]) => plan === 'loopbot-1-bulan' && orders === 1),
    JSON.stringify(after.plans),
  );
  const { db } = server.app.ctx;
  await db.transaction((tx) => rebuildInsightSummariesIn(tx, db.engine));
  assert.equal(expected(await insights()), after);
});

test('/metrics labels only the methods the shop answers; any other method is "other"', async () => {
  for (const method of ['PROPFIND', 'PURGE', 'MKCOL']) await call(server.url, method, '/api/no-such-call');
  const scraped = await scrape(server.url, TOKEN);
  const methods = new Set(
    samples(scraped, 'loopshop_http_request_duration_seconds_count').map((sample) => sample.labels?.method),
  );
  for (const method of ['PROPFIND', 'PURGE', 'MKCOL']) assert.not.ok(methods.has(method), method);
  assert.ok(methods.has('other'), [...methods].join(', '));
});

test.run();
