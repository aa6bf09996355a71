/**
 * Orders that need the owner: the buyer hears at once ("Pembayaran diterima"), and the owner
 * finishes each in one step: Set up LoopStream (package and days from the order's plan, access
 * details e-mailed), Issue licence (the owner picks the plan) and Process again (after fixing the
 * catalogue). LoopStream packages follow the catalogue's plans; Paket 1 / Paket 2 stay accepted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Order } from '../../contract/calls/orders';
import type { Storefront } from '../../contract/calls/storefront';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { deliver, keyInMail, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

let smtp: TestSmtp;
let server: TestServer;
let cookie = '';

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY, SMTP_URL: smtp.url, MAIL_FROM: 'admin@loopbot.test' });
  cookie = await loginCookie(server.url);
  assert.is((await api('POST', '/api/config/initialize', {})).status, 200);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie, body });
const RECEIVED = 'Pembayaran diterima: pesanan Anda sedang kami siapkan';

async function orderOf(refId: string): Promise<Order> {
  const list = await api('GET', `/api/order/list?search=${refId}`);
  return (list.json.orders as Order[])[0]!;
}

const access = (packageType: string) => ({
  package_type: packageType,
  customer_name: 'Sari',
  ip_server: '203.0.113.9',
  expired_date: '2030-01-01T00:00:00Z',
});

test('a LoopStream order: "payment received" at once; set up from the order with its plan and days, access e-mailed, handled', async () => {
  const answer = await deliver(
    server,
    paymentDelivery({
      refId: 'REF-SET3',
      email: 'sari@example.com',
      items: [{ title: 'LoopStream Set 3', qty: 2, price: 349_000 }],
    }),
  );
  assert.is(answer.status, 200, answer.text);
  const received = await smtp.waitFor('sari@example.com');
  assert.is(received.subject, RECEIVED);
  assert.match(received.text, 'LoopStream Set 3 × 2');
  const order = await orderOf('REF-SET3');
  assert.equal([order.status, order.loopstream_setup], ['needs_setup', { package_type: 'Set 3', days: 60 }]);

  const setUp = await api('POST', `/api/order/loopstream/${order.id}`, access('Set 3'));
  assert.is(setUp.status, 200, setUp.text);
  assert.equal([setUp.json.mailed, (setUp.json.loopstream as { package_type: string }).package_type], [true, 'Set 3']);
  // The buyer then finds the access on /lisensi under the order's address (docs/spec.md#buyer-account).
  assert.is((setUp.json.loopstream as { buyer_email: string | null }).buyer_email, 'sari@example.com');
  const details = await smtp.waitFor('sari@example.com', 5000, (mail) =>
    mail.subject.startsWith('Akses server LoopStream'),
  );
  assert.match(details.text, 'Paket: Set 3');
  assert.match(details.text, '203.0.113.9:5000');
  assert.match(details.text, 'Username: admin');
  assert.ok((await orderOf('REF-SET3')).handled_at);
  assert.is((await api('POST', `/api/order/loopstream/${order.id}`, access('Set 3'))).status, 409, 'once');
});

test('an order below the price: "Issue licence" with the plan the owner picks issues, e-mails and links it in one step', async () => {
  await deliver(
    server,
    paymentDelivery({
      refId: 'REF-DISKON',
      email: 'diskon@example.com',
      items: [{ title: 'LoopBOT 1 Bulan', price: 100_000 }],
    }),
  );
  assert.is((await smtp.waitFor('diskon@example.com')).subject, RECEIVED);
  const order = await orderOf('REF-DISKON');
  assert.is(order.status, 'needs_review');
  assert.is((await api('POST', `/api/order/issue-license/${order.id}`, { plan_id: 'nope' })).status, 400);
  assert.is((await api('POST', `/api/order/issue-license/${order.id}`, { plan_id: 'loopstream-set-1' })).status, 400);
  assert.is((await api('POST', '/api/order/issue-license/999999', { plan_id: 'loopbot-1-bulan' })).status, 404);
  const issued = await api('POST', `/api/order/issue-license/${order.id}`, { plan_id: 'loopbot-1-bulan' });
  assert.is(issued.status, 200, issued.text);
  const after = issued.json.order as Order;
  assert.equal([after.licenses.length, after.licenses[0]?.days, Boolean(after.handled_at)], [1, 30, true]);
  const mail = await smtp.waitFor('diskon@example.com', 5000, (message) => message.subject.startsWith('Lisensi'));
  assert.is(keyInMail(mail.text), after.licenses[0]!.license_key);
  assert.is(
    (await api('POST', `/api/order/issue-license/${order.id}`, { plan_id: 'loopbot-1-bulan' })).status,
    409,
    'once',
  );
});

test('an unknown title: "Process again" after the owner adds it to a plan issues the licence', async () => {
  await deliver(
    server,
    paymentDelivery({
      refId: 'REF-PROMO',
      email: 'promo@example.com',
      items: [{ title: 'LoopBOT Promo Lebaran', price: 150_000 }],
    }),
  );
  await smtp.waitFor('promo@example.com');
  const order = await orderOf('REF-PROMO');
  const still = await api('POST', `/api/order/reprocess/${order.id}`);
  assert.is(still.status, 200, still.text);
  assert.match(String(still.json.message), 'Still needs review');
  // The owner's read: the public catalogue carries no Lynk titles.
  const { storefront } = (await api('GET', '/api/storefront/owner')).json as unknown as {
    storefront: Storefront;
  };
  const plans = storefront.plans.map((plan) =>
    plan.id === 'loopbot-1-bulan' ? { ...plan, lynk_titles: [...plan.lynk_titles, 'LoopBOT Promo Lebaran'] } : plan,
  );
  assert.is((await api('PUT', '/api/storefront', { ...storefront, plans })).status, 200);
  const again = await api('POST', `/api/order/reprocess/${order.id}`);
  assert.is(again.status, 200, again.text);
  assert.equal([(again.json.order as Order).status, (again.json.order as Order).licenses.length], ['fulfilled', 1]);
  await smtp.waitFor('promo@example.com', 5000, (message) => message.subject.startsWith('Lisensi'));
  assert.is((await api('POST', `/api/order/reprocess/${order.id}`)).status, 409, 'no longer under review');
});

test("LoopStream packages: the catalogue's plans and the older Paket 1 / Paket 2 (docs/spec.md#loopstream-packages); anything else is 400", async () => {
  for (const name of ['Set 3', 'Combo LoopBOT + LoopStream', 'Paket 2']) {
    const created = await api('POST', '/api/loopstream/create', access(name));
    assert.is(created.status, 200, `${name}: ${created.text}`);
  }
  const refused = await api('POST', '/api/loopstream/create', access('Paket 9'));
  assert.is(refused.status, 400);
  assert.match(String(refused.json.error), 'package_type must be one of: Set 1, Set 2, Set 3');
});

test.run();
