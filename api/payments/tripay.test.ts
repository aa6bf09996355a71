/** The Tripay client against the loopback simulator: transactions, callbacks, detail, refusals. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startInbox } from '../../test/simulators/notification-inbox';
import type { NotificationInbox, Received } from '../../test/simulators/notification-inbox';
import { startTripaySimulator } from '../../test/simulators/tripay-simulator';
import type { TripaySimulator } from '../../test/simulators/tripay-simulator';
import type { TripayConfig } from './payment-config';
import { canMove, orderMismatch } from './payment-state';
import { createTripayTransaction, readTripayDetail, tripaySignature } from './tripay';
import type { TripayCreateRequest } from './tripay';
import { verifyTripayCallback } from './tripay-callback';

const KEYS = { apiKey: 'DEV-simulated-api-key', privateKey: 'simulated-private-key', merchantCode: 'T0001' };
const NOW = new Date('2099-03-01T05:00:00.000Z');
let simulator: TripaySimulator;
let inbox: NotificationInbox;
let config: TripayConfig;
let orders = 0;

function request(method: string, amount = 150_000): TripayCreateRequest {
  orders++;
  return {
    merchantRef: `LB-test-${orders}`,
    amount,
    method,
    expiryMinutes: 60,
    item: { sku: 'loopbot-1-bulan', name: 'LoopBOT 1 Bulan' },
    customer: { name: 'Budi', email: 'budi@example.com' },
    callbackUrl: inbox.url,
  };
}

async function created(method: string, amount = 150_000) {
  const result = await createTripayTransaction(config, request(method, amount), NOW);
  if (!result.ok) throw new Error(`create failed: ${result.message}`);
  return result.transaction;
}

const verify = (received: Received = inbox.received.at(-1)!) =>
  verifyTripayCallback(received.body, received.headers, KEYS.privateKey);
const reason = (received?: Received): string => {
  const result = verify(received);
  return result.ok ? 'accepted' : result.reason;
};

test.before(async () => {
  inbox = await startInbox();
  simulator = await startTripaySimulator({ ...KEYS, now: () => NOW });
  config = { ...KEYS, production: false, apiBase: simulator.url };
});

test.after(async () => {
  await simulator.close();
  await inbox.close();
});

test('signature: HMAC-SHA256 of merchant code + merchant ref + amount, hex', () => {
  // printf 'T0001LB-1150000' | openssl dgst -sha256 -hmac simulated-private-key
  assert.is(
    tripaySignature('T0001', 'LB-1', 150_000, 'simulated-private-key'),
    '3a366629f9f93d9ba8cc24f0ef4e8a0b73a8d8764cfe7db3ca4ccda551a0f2cf',
  );
});

test('create: QRIS answers a QR string; a VA its pay code; both their expiry', async () => {
  const qris = await created('QRIS');
  assert.is(qris.state, 'pending');
  assert.is(qris.amount, 150_000);
  assert.match(qris.qrString ?? '', /^000201/);
  assert.is(qris.expiresAt, '2099-03-01T06:00:00.000Z');
  const va = await created('BRIVA');
  assert.match(va.payCode ?? '', /^\d{10,}$/);
});

test('create: a wrong API key or private key is refused, a dead gateway unreachable', async () => {
  const wrongKey = await createTripayTransaction({ ...config, apiKey: 'DEV-wrong' }, request('QRIS'));
  assert.equal([wrongKey.ok, !wrongKey.ok && wrongKey.status], [false, 401]);
  const wrongSignature = await createTripayTransaction({ ...config, privateKey: 'guess' }, request('QRIS'));
  assert.equal([wrongSignature.ok, !wrongSignature.ok && wrongSignature.message], [false, 'Invalid signature']);
  const dead = await createTripayTransaction({ ...config, apiBase: 'http://127.0.0.1:9/api-sandbox' }, request('QRIS'));
  assert.equal([dead.ok, !dead.ok && dead.reason], [false, 'unreachable']);
});

test('pay: the callback verifies as paid and the detail read back agrees', async () => {
  const transaction = await created('QRIS');
  const delivery = await simulator.pay(transaction.merchantRef);
  assert.is(delivery?.status, 200);
  const verified = verify();
  assert.ok(verified.ok);
  if (!verified.ok) return;
  assert.equal(
    [verified.callback.merchantRef, verified.callback.reference, verified.callback.state, verified.callback.amount],
    [transaction.merchantRef, transaction.reference, 'paid', 150_000],
  );
  assert.is(verified.callback.paidAt, NOW.toISOString());
  const detail = await readTripayDetail(config, transaction.reference);
  assert.equal(detail.ok && [detail.transaction.state, detail.transaction.amount], ['paid', 150_000]);
});

test('callback: a wrong key, no signature, another event or a tampered body are refused', async () => {
  const transaction = await created('BNIVA');
  await simulator.pay(transaction.merchantRef);
  await simulator.notify(transaction.merchantRef, { privateKey: 'guess' });
  assert.is(reason(), 'bad-signature');
  await simulator.notify(transaction.merchantRef, { unsigned: true });
  assert.is(reason(), 'unsigned');
  await simulator.notify(transaction.merchantRef, { alter: (body) => (body.total_amount = 1_000) });
  assert.is(reason(), 'bad-signature');
  await simulator.notify(transaction.merchantRef, { alter: (body) => (body.merchant_ref = 'LB-someone-else') });
  assert.is(reason(), 'bad-signature');
  await simulator.notify(transaction.merchantRef, { event: 'withdrawal' });
  assert.is(reason(), 'other-event');
  // The same JSON re-serialised with other spacing is not the body Tripay signed.
  const last = simulator.deliveries.at(-1)!;
  const respaced = JSON.stringify(JSON.parse(last.body), null, 1);
  assert.is(reason({ body: respaced, headers: inbox.received.at(-1)!.headers }), 'bad-signature');
});

test('callback: a replayed or late one verifies but cannot move a paid order back', async () => {
  const transaction = await created('QRIS');
  const paid = await simulator.pay(transaction.merchantRef);
  const again = await simulator.replay(paid!);
  assert.is(again.body, paid!.body);
  assert.is(reason(), 'accepted');
  await simulator.notify(transaction.merchantRef, { as: 'EXPIRED' });
  const late = verify();
  assert.ok(late.ok && late.callback.state === 'expired');
  assert.not.ok(canMove('paid', late.callback.state));
});

test('amount: a signed callback for another amount than the order is caught', async () => {
  // The shop's order says Rp 150.000; the transaction Tripay holds says Rp 10.000.
  const transaction = await created('QRIS', 10_000);
  await simulator.pay(transaction.merchantRef);
  const verified = verify();
  assert.ok(verified.ok);
  if (!verified.ok) return;
  const reported = { reference: verified.callback.merchantRef, amount: verified.callback.amount };
  assert.is(orderMismatch({ reference: transaction.merchantRef, amount: 150_000 }, reported), 'amount-mismatch');
});

test('expire and refund: called back and read back as expired and refunded', async () => {
  const unpaid = await created('BCAVA');
  await simulator.expire(unpaid.merchantRef);
  const expired = verify();
  assert.equal(expired.ok && expired.callback.state, 'expired');
  const read = await readTripayDetail(config, unpaid.reference);
  assert.equal(read.ok && read.transaction.state, 'expired');
  const paid = await created('QRIS');
  await simulator.pay(paid.merchantRef, { notify: false });
  await simulator.refund(paid.merchantRef);
  const refunded = verify();
  assert.equal(refunded.ok && refunded.callback.state, 'refunded');
});

test('detail: an unknown reference is not-found', async () => {
  const unknown = await readTripayDetail(config, 'DEV-T0001-none');
  assert.equal([unknown.ok, !unknown.ok && unknown.reason], [false, 'not-found']);
});

test.run();
