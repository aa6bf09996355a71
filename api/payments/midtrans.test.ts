/** The Midtrans client against the loopback simulator: charges, notifications, status, refusals. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startInbox } from '../../test/simulators/notification-inbox';
import type { NotificationInbox } from '../../test/simulators/notification-inbox';
import { startMidtransSimulator } from '../../test/simulators/midtrans-simulator';
import type { MidtransSimulator } from '../../test/simulators/midtrans-simulator';
import { createMidtransCharge, readMidtransStatus } from './midtrans';
import type { MidtransChargeRequest, MidtransMethod } from './midtrans';
import { verifyMidtransNotification } from './midtrans-notification';
import type { MidtransConfig } from './payment-config';
import { canMove, orderMismatch } from './payment-state';

const SERVER_KEY = 'SB-Mid-server-simulated-key';
const NOW = new Date('2099-03-01T05:00:00.000Z');
let simulator: MidtransSimulator;
let inbox: NotificationInbox;
let config: MidtransConfig;
let orders = 0;

function request(method: MidtransMethod, amount = 150_000): MidtransChargeRequest {
  orders++;
  return {
    orderId: `LB-test-${orders}`,
    amount,
    method,
    expiryMinutes: 15,
    item: { id: 'loopbot-1-bulan', name: 'LoopBOT 1 Bulan' },
    customer: { email: 'budi@example.com', name: 'Budi' },
    notificationUrl: inbox.url,
  };
}

async function charged(method: MidtransMethod, amount = 150_000) {
  const result = await createMidtransCharge(config, request(method, amount), NOW);
  if (!result.ok) throw new Error(`charge failed: ${result.message}`);
  return result.payment;
}

const lastBody = (): string => inbox.received.at(-1)!.body;

test.before(async () => {
  inbox = await startInbox();
  simulator = await startMidtransSimulator({ serverKey: SERVER_KEY, now: () => NOW });
  config = { serverKey: SERVER_KEY, production: false, apiBase: simulator.url };
});

test.after(async () => {
  await simulator.close();
  await inbox.close();
});

test('charge: QRIS answers a QR string to draw and the expiry asked for', async () => {
  const payment = await charged({ type: 'qris' });
  assert.is(payment.state, 'pending');
  assert.is(payment.amount, 150_000);
  assert.is(payment.paymentType, 'qris');
  assert.match(payment.qrString ?? '', /^000201/);
  assert.is(payment.expiresAt, '2099-03-01T05:15:00.000Z');
});

test('charge: GoPay and ShopeePay answer an app link; a VA answers its number', async () => {
  assert.match((await charged({ type: 'gopay' })).deeplink ?? '', /^gojek:\/\//);
  assert.ok((await charged({ type: 'shopeepay' })).deeplink);
  const bni = await charged({ type: 'bank_transfer', bank: 'bni' });
  assert.is(bni.vaNumber?.bank, 'bni');
  assert.match(bni.vaNumber?.number ?? '', /^\d{10,}$/);
  const permata = await charged({ type: 'bank_transfer', bank: 'permata' });
  assert.is(permata.vaNumber?.bank, 'permata');
});

test('charge: a wrong server key is refused (401), a dead gateway is unreachable, a reused order id refused', async () => {
  const wrong = await createMidtransCharge({ ...config, serverKey: 'SB-Mid-server-wrong' }, request({ type: 'qris' }));
  assert.equal([wrong.ok, !wrong.ok && wrong.reason, !wrong.ok && wrong.status], [false, 'refused', 401]);
  const dead = await createMidtransCharge({ ...config, apiBase: 'http://127.0.0.1:9' }, request({ type: 'qris' }));
  assert.equal([dead.ok, !dead.ok && dead.reason], [false, 'unreachable']);
  const first = request({ type: 'qris' });
  assert.ok((await createMidtransCharge(config, first)).ok);
  const again = await createMidtransCharge(config, first);
  assert.equal([again.ok, !again.ok && again.status], [false, 406]);
});

test('charge: a fraction of a rupiah is never sent', () => {
  return createMidtransCharge(config, request({ type: 'qris' }, 1500.5)).then(
    () => assert.unreachable('should throw'),
    (error: Error) => assert.match(error.message, /whole rupiah/),
  );
});

test('pay: the notification verifies as paid and the status read back agrees', async () => {
  const payment = await charged({ type: 'qris' });
  const delivery = await simulator.pay(payment.orderId);
  assert.is(delivery?.status, 200);
  const verified = verifyMidtransNotification(lastBody(), SERVER_KEY);
  assert.ok(verified.ok);
  if (!verified.ok) return;
  assert.is(verified.notification.orderId, payment.orderId);
  assert.is(verified.notification.state, 'paid');
  assert.is(verified.notification.amount, 150_000);
  assert.is(verified.notification.grossAmount, '150000.00');
  const status = await readMidtransStatus(config, payment.orderId);
  assert.equal(status.ok && [status.payment.state, status.payment.amount], ['paid', 150_000]);
});

test('notify: a wrong key, no signature, an altered amount or garbage are refused', async () => {
  const payment = await charged({ type: 'bank_transfer', bank: 'bca' });
  await simulator.pay(payment.orderId);
  const refusal = (body: string) => {
    const result = verifyMidtransNotification(body, SERVER_KEY);
    return result.ok ? 'accepted' : result.reason;
  };
  await simulator.notify(payment.orderId, { serverKey: 'SB-Mid-server-guess' });
  assert.is(refusal(lastBody()), 'bad-signature');
  await simulator.notify(payment.orderId, { unsigned: true });
  assert.is(refusal(lastBody()), 'unsigned');
  await simulator.notify(payment.orderId, { alter: (body) => (body.gross_amount = '1000.00') });
  assert.is(refusal(lastBody()), 'bad-signature');
  await simulator.notify(payment.orderId, { alter: (body) => (body.order_id = 'LB-someone-else') });
  assert.is(refusal(lastBody()), 'bad-signature');
  assert.is(refusal('{"order_id": '), 'malformed');
  assert.is(refusal('[]'), 'malformed');
  assert.is(refusal(lastBody().replace('"status_code":"200"', '"status_code":200')), 'malformed');
});

test('notify: a captured pending notification rewritten to settlement is not paid', async () => {
  const payment = await charged({ type: 'qris' });
  await simulator.notify(payment.orderId, { alter: (body) => (body.transaction_status = 'settlement') });
  const result = verifyMidtransNotification(lastBody(), SERVER_KEY);
  assert.equal(result, { ok: false, reason: 'inconsistent' });
});

test('notify: a replayed or late notification verifies but cannot move a paid order back', async () => {
  const payment = await charged({ type: 'gopay' });
  const paid = await simulator.pay(payment.orderId);
  const again = await simulator.replay(paid!);
  assert.is(again.body, paid!.body);
  const late = await simulator.notify(payment.orderId, { as: { transactionStatus: 'pending', statusCode: '201' } });
  const verified = verifyMidtransNotification(late.body, SERVER_KEY);
  assert.ok(verified.ok && verified.notification.state === 'pending');
  assert.not.ok(canMove('paid', verified.notification.state));
});

test('amount: a signed notification for another amount than the order is caught', async () => {
  // The shop's order says Rp 150.000; the charge that reached Midtrans says Rp 1.000.
  const payment = await charged({ type: 'qris' }, 1_000);
  await simulator.pay(payment.orderId);
  const verified = verifyMidtransNotification(lastBody(), SERVER_KEY);
  assert.ok(verified.ok);
  if (!verified.ok) return;
  const order = { reference: payment.orderId, amount: 150_000 };
  const reported = { reference: verified.notification.orderId, amount: verified.notification.amount };
  assert.is(orderMismatch(order, reported), 'amount-mismatch');
});

test('expire and refund: notified and read back as expired and refunded', async () => {
  const unpaid = await charged({ type: 'shopeepay' });
  await simulator.expire(unpaid.orderId);
  const expired = verifyMidtransNotification(lastBody(), SERVER_KEY);
  assert.equal(expired.ok && expired.notification.state, 'expired');
  const read = await readMidtransStatus(config, unpaid.orderId);
  assert.equal(read.ok && read.payment.state, 'expired');
  const paid = await charged({ type: 'qris' });
  await simulator.pay(paid.orderId);
  await simulator.refund(paid.orderId, { notify: false });
  const refunded = await readMidtransStatus(config, paid.orderId);
  assert.equal(refunded.ok && refunded.payment.state, 'refunded');
});

test('status: an unknown order is not-found; a wrong key is refused', async () => {
  const unknown = await readMidtransStatus(config, 'LB-never-charged');
  assert.equal([unknown.ok, !unknown.ok && unknown.reason], [false, 'not-found']);
  const payment = await charged({ type: 'qris' });
  const wrong = await readMidtransStatus({ ...config, serverKey: 'SB-Mid-server-wrong' }, payment.orderId);
  assert.equal([wrong.ok, !wrong.ok && wrong.reason], [false, 'refused']);
});

test.run();
