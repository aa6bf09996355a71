/**
 * An order the owner handled reads as done on the buyer's /lisensi (docs/spec.md#order-statuses):
 * "Set up LoopStream", "Issue licence", "Mark handled" and a "Process again" that now matches all
 * end in "Selesai", not "Sedang disiapkan" / "Sedang diperiksa".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { signIn } from './buyer-helpers';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

let server: TestServer;
let admin = '';
test.before(async () => {
  server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY, TRUST_PROXY: '1' });
  admin = await loginCookie(server.url);
  assert.is((await call(server.url, 'POST', '/api/config/initialize', { cookie: admin, body: {} })).status, 200);
});
test.after(async () => {
  await server.close();
});

type Shown = { reference: string; status: string; done: boolean; status_text: string };
const ownerDoes = (path: string, body: unknown = {}) => call(server.url, 'POST', path, { cookie: admin, body });

async function orderId(refId: string): Promise<number> {
  const list = await call(server.url, 'GET', `/api/order/list?search=${refId}`, { cookie: admin });
  return (list.json.orders as Array<{ id: number; ref_id: string }>).find((order) => order.ref_id === refId)!.id;
}

async function shown(cookie: string, refId: string): Promise<Shown> {
  const account = await call(server.url, 'GET', '/api/account', { cookie });
  assert.is(account.status, 200, account.text);
  return (account.json.orders as Shown[]).find((order) => order.reference === refId)!;
}

test('a LoopStream order reads "Sedang disiapkan" until the owner sets it up, then "Selesai"', async () => {
  const items = [{ title: 'LoopStream Set 2', price: 275_000 }];
  assert.is(
    (await deliver(server, paymentDelivery({ refId: 'REF-LS', email: 'sari@example.com', items }))).status,
    200,
  );
  const cookie = await signIn(server, 'sari@example.com');
  const before = await shown(cookie, 'REF-LS');
  assert.equal([before.status, before.done, before.status_text], ['needs_setup', false, 'Sedang disiapkan']);
  const setUp = await ownerDoes(`/api/order/loopstream/${await orderId('REF-LS')}`, {
    package_type: 'Set 2',
    customer_name: 'Sari',
    ip_server: '203.0.113.9',
    expired_date: '2030-01-01T00:00:00Z',
  });
  assert.is(setUp.status, 200, setUp.text);
  const after = await shown(cookie, 'REF-LS');
  assert.equal([after.status, after.done, after.status_text], ['needs_setup', true, 'Selesai']);
});

test('an order under review reads "Sedang diperiksa" until the owner issues its licence or marks it handled', async () => {
  const items = [{ title: 'LoopBOT 1 Bulan', price: 100_000 }];
  await deliver(server, paymentDelivery({ refId: 'REF-LOW', email: 'dina@example.com', items }));
  await deliver(server, paymentDelivery({ refId: 'REF-LOW2', email: 'dina@example.com', items }));
  const cookie = await signIn(server, 'dina@example.com');
  assert.is((await shown(cookie, 'REF-LOW')).status_text, 'Sedang diperiksa');
  const issued = await ownerDoes(`/api/order/issue-license/${await orderId('REF-LOW')}`, {
    plan_id: 'loopbot-1-bulan',
  });
  assert.is(issued.status, 200, issued.text);
  const after = await shown(cookie, 'REF-LOW');
  assert.equal([after.done, after.status_text], [true, 'Selesai']);

  assert.is((await shown(cookie, 'REF-LOW2')).status_text, 'Sedang diperiksa');
  assert.is((await ownerDoes(`/api/order/handled/${await orderId('REF-LOW2')}`)).status, 200);
  assert.is((await shown(cookie, 'REF-LOW2')).status_text, 'Selesai');
});

test.run();
