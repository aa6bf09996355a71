import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canMove, midtransState, orderMismatch, tripayState } from './payment-state';

test('Midtrans: settlement is paid, pending is pending, expire is expired', () => {
  assert.is(midtransState('settlement', 'accept'), 'paid');
  assert.is(midtransState('settlement'), 'paid');
  assert.is(midtransState('pending'), 'pending');
  assert.is(midtransState('expire'), 'expired');
  assert.is(midtransState('cancel'), 'failed');
  assert.is(midtransState('deny'), 'failed');
  assert.is(midtransState('failure'), 'failed');
});

test('Midtrans: refunds and chargebacks, whole or partial, are refunded', () => {
  for (const status of ['refund', 'partial_refund', 'chargeback', 'partial_chargeback'])
    assert.is(midtransState(status), 'refunded', status);
});

test('Midtrans: fraud_status decides a capture; a denied one is never paid', () => {
  assert.is(midtransState('capture', 'accept'), 'paid');
  assert.is(midtransState('capture', 'challenge'), 'pending');
  assert.is(midtransState('capture', 'deny'), 'failed');
  assert.is(midtransState('settlement', 'deny'), 'failed');
});

test('Midtrans: an unknown status, or a name from Object.prototype, maps to nothing', () => {
  assert.is(midtransState('authorize'), undefined);
  assert.is(midtransState('toString'), undefined);
  assert.is(midtransState('__proto__'), undefined);
  assert.is(midtransState('SETTLEMENT'), undefined);
});

test('Tripay: its five statuses map, nothing else does', () => {
  assert.is(tripayState('UNPAID'), 'pending');
  assert.is(tripayState('PAID'), 'paid');
  assert.is(tripayState('EXPIRED'), 'expired');
  assert.is(tripayState('FAILED'), 'failed');
  assert.is(tripayState('REFUND'), 'refunded');
  assert.is(tripayState('paid'), undefined);
  assert.is(tripayState('constructor'), undefined);
});

test('moves: a late pending or expire never undoes paid; only a refund leaves it', () => {
  assert.ok(canMove('pending', 'paid'));
  assert.ok(canMove('pending', 'expired'));
  assert.ok(canMove('paid', 'refunded'));
  assert.not.ok(canMove('paid', 'pending'));
  assert.not.ok(canMove('paid', 'expired'));
  assert.not.ok(canMove('paid', 'paid'));
  assert.not.ok(canMove('expired', 'paid'));
  assert.not.ok(canMove('refunded', 'paid'));
});

test('order check: another order or another amount is a mismatch', () => {
  const order = { reference: 'LB-1', amount: 150_000 };
  assert.is(orderMismatch(order, { reference: 'LB-1', amount: 150_000 }), undefined);
  assert.is(orderMismatch(order, { reference: 'LB-2', amount: 150_000 }), 'other-order');
  assert.is(orderMismatch(order, { reference: 'LB-1', amount: 1_000 }), 'amount-mismatch');
  assert.is(orderMismatch(order, { reference: 'LB-1', amount: 150_000.5 }), 'amount-mismatch');
});

test.run();
