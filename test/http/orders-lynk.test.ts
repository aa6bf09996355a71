/**
 * A paid Lynk.id order issues and e-mails the licence by itself, through a real SMTP server: the
 * key read out of the e-mail activates through the licence API; repeated and concurrent
 * deliveries make one order, one licence, one e-mail; a second payment extends the same licence;
 * LoopStream and unknown plans wait for the owner.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { activate, DAY_MS, deviceId } from './license-app-helpers';
import { deliver, keyInMail, MERCHANT_KEY, outboxDrained, paymentDelivery, tableCounts } from './lynk-helpers';

let smtp: TestSmtp;
let server: TestServer;
let cookie = '';

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'LoopBOT <admin@loopbot.test>',
  });
  cookie = await loginCookie(server.url);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

async function ordersOf(search: string): Promise<Array<Record<string, any>>> {
  const answer = await call(server.url, 'GET', `/api/order/list?search=${encodeURIComponent(search)}`, { cookie });
  assert.is(answer.status, 200, answer.text);
  return answer.json.orders as Array<Record<string, any>>;
}

async function licensesOf(email: string): Promise<Array<Record<string, any>>> {
  const answer = await call(server.url, 'GET', `/api/license/list?search=${encodeURIComponent(email)}`, { cookie });
  return answer.json.licenses as Array<Record<string, any>>;
}

test('a signed payment for "LoopBOT 1 Bulan": order fulfilled, e-mail sent by itself, its key activates (30 days)', async () => {
  const delivery = paymentDelivery({ email: 'rina@example.com', name: 'Rina', refId: 'REF-FIRST-0001' });
  const answer = await deliver(server, delivery);
  assert.is(answer.status, 200, answer.text);
  assert.equal([answer.json.success, answer.json.status, answer.json.duplicate], [true, 'fulfilled', undefined]);
  const mail = await smtp.waitFor('rina@example.com', 15_000);
  assert.is(mail.subject, 'Lisensi LoopBOT Anda');
  assert.is(mail.from, 'admin@loopbot.test');
  assert.match(mail.text, 'Terima kasih telah membeli LoopBOT!');
  const key = keyInMail(mail.text);
  assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  const activated = await activate(server, key, deviceId('rina'));
  assert.is(activated.status, 201, activated.text);
  assert.is(activated.json.code, 'ACTIVATED');
  const license = (await licensesOf('rina@example.com'))[0]!;
  const ahead = Date.parse(license.expired_date) - Date.now();
  assert.ok(Math.abs(ahead - 30 * DAY_MS) < 60_000, `expiry ${license.expired_date}`);

  const [order] = await ordersOf('REF-FIRST-0001');
  assert.equal(
    [order!.status, order!.license_ids, order!.amount_idr, order!.plans_price_idr],
    ['fulfilled', [license.id], 150_000, 150_000],
  );
  assert.equal(order!.licenses, [{ id: license.id, license_key: key, change: 'created', days: 30 }]);
  // The SMTP server's parsed text loses the message's last line break.
  assert.is(order!.license_message?.trimEnd(), mail.text.trimEnd());
  const events = await call(server.url, 'GET', `/api/license/events/${license.id}`, { cookie });
  const issued = (events.json.events as Array<Record<string, any>>)[0]!;
  assert.equal(
    [issued.type, issued.actor, issued.data.order_id, issued.data.ref_id],
    ['issued', 'order', order!.id, 'REF-FIRST-0001'],
  );
});

test('the same delivery again, then 10 concurrent copies: one order, one licence, one e-mail', async () => {
  const delivery = paymentDelivery({ email: 'dewi@example.com', refId: 'REF-REPEAT-0002' });
  const first = await deliver(server, delivery);
  assert.is(first.status, 200);
  const again = await deliver(server, delivery);
  assert.equal([again.status, again.json.order_id, again.json.duplicate], [200, first.json.order_id, true]);
  const copies = await Promise.all(Array.from({ length: 10 }, () => deliver(server, delivery)));
  for (const copy of copies) assert.equal([copy.status, copy.json.order_id], [200, first.json.order_id]);
  await smtp.waitFor('dewi@example.com');
  await outboxDrained(server);
  assert.is((await ordersOf('REF-REPEAT-0002')).length, 1);
  assert.is((await licensesOf('dewi@example.com')).length, 1);
  assert.is(mailTo('dewi@example.com').length, 1);
});

test('a second payment by the same e-mail (any case) extends the same licence by the plan', async () => {
  await deliver(server, paymentDelivery({ email: 'joko@example.com' }));
  const firstMail = await smtp.waitFor('joko@example.com');
  const [before] = await licensesOf('joko@example.com');
  const second = await deliver(
    server,
    paymentDelivery({
      email: 'Joko@Example.com',
      refId: 'REF-JOKO-0002',
      items: [{ title: '  loopbot 3 bulan ', price: 399_000 }],
    }),
  );
  assert.equal([second.status, second.json.status], [200, 'fulfilled']);
  const secondMail = await smtp.waitFor('Joko@Example.com', 5000, (mail) => mail !== firstMail);
  const after = await licensesOf('joko@example.com');
  assert.is(after.length, 1);
  assert.is(after[0]!.id, before!.id);
  assert.is(Date.parse(after[0]!.expired_date) - Date.parse(before!.expired_date), 90 * DAY_MS);
  assert.is(keyInMail(secondMail.text), before!.license_key);
  const [order] = await ordersOf('REF-JOKO-0002');
  assert.equal(order!.licenses[0].change, 'extended');
});

test('LoopStream set: needs_setup, no licence; unknown title and short payment: needs_review, nothing issued; each buyer hears "payment received"', async () => {
  const before = await tableCounts(server);
  const stream = await deliver(
    server,
    paymentDelivery({ email: 'sari@example.com', items: [{ title: 'LoopStream Set 2', price: 275_000 }] }),
  );
  assert.equal([stream.status, stream.json.status], [200, 'needs_setup']);
  const unknown = await deliver(
    server,
    paymentDelivery({ email: 'eko@example.com', items: [{ title: 'Kursus YouTube', price: 99_000 }] }),
  );
  assert.equal([unknown.status, unknown.json.status], [200, 'needs_review']);
  const cheap = await deliver(
    server,
    paymentDelivery({ email: 'eko@example.com', items: [{ title: 'LoopBOT 1 Tahun', price: 999_000 }], total: 10_000 }),
  );
  assert.equal([cheap.status, cheap.json.status], [200, 'needs_review']);
  const lifetime = await deliver(
    server,
    paymentDelivery({ email: 'eko@example.com', items: [{ title: 'LoopBOT Lifetime', price: 2_499_000 }] }),
  );
  assert.equal([lifetime.status, lifetime.json.status], [200, 'needs_review']);
  await outboxDrained(server);
  const after = await tableCounts(server);
  assert.equal(
    [after.orders - before.orders, after.licenses - before.licenses, after.outbox - before.outbox],
    [4, 0, 4],
  );
  const [setup] = await ordersOf('sari@example.com');
  assert.equal([setup!.note, setup!.license_ids, setup!.license_message], ['Set up LoopStream: Set 2 × 1', [], null]);
  const review = await ordersOf('eko@example.com');
  assert.match(review.map((order) => order.note).join('\n'), 'Unknown product "Kursus YouTube"');
  assert.match(review.map((order) => order.note).join('\n'), "Paid Rp 10.000, below the plans' price of Rp 999.000");
  assert.match(review.map((order) => order.note).join('\n'), 'Lifetime is not on sale');

  const stats = async (): Promise<Record<string, unknown>> =>
    (await call(server.url, 'GET', '/api/order/stats', { cookie })).json.stats as Record<string, unknown>;
  const counts = await stats();
  assert.equal([counts.needs_attention, counts.mail_configured], [4, true]);
  const handled = await call(server.url, 'POST', `/api/order/handled/${setup!.id}`, { cookie });
  assert.is(handled.status, 200);
  assert.is((await stats()).needs_attention, 3);
  assert.is((await call(server.url, 'POST', '/api/order/handled/999999', { cookie })).status, 404);
});

test('order list: status filter, paging and the admin guard', async () => {
  const review = await call(server.url, 'GET', '/api/order/list?status=needs_review&per_page=2', { cookie });
  assert.equal(
    [review.status, review.json.total, review.json.pages, (review.json.orders as unknown[]).length],
    [200, 3, 2, 2],
  );
  assert.is((await call(server.url, 'GET', '/api/order/list?status=paid', { cookie })).status, 400);
  assert.is((await call(server.url, 'GET', '/api/order/list')).status, 401);
  assert.is((await call(server.url, 'GET', '/api/mail/list')).status, 401);
});

test.run();
