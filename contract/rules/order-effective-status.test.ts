import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isOrderDone, orderEffectiveStatus } from './order-effective-status';

const AT = '2099-01-02T03:04:05.000Z';

test('an order the owner handled is done whatever it needed; one not handled keeps its status', () => {
  assert.is(orderEffectiveStatus({ status: 'fulfilled', handled_at: null }), 'fulfilled');
  assert.is(orderEffectiveStatus({ status: 'fulfilled', handled_at: AT }), 'fulfilled');
  assert.is(orderEffectiveStatus({ status: 'needs_setup', handled_at: AT }), 'handled');
  assert.is(orderEffectiveStatus({ status: 'needs_review', handled_at: AT }), 'handled');
  assert.is(orderEffectiveStatus({ status: 'needs_setup', handled_at: null }), 'needs_setup');
  assert.is(orderEffectiveStatus({ status: 'needs_review', handled_at: null }), 'needs_review');
  assert.ok(isOrderDone({ status: 'needs_setup', handled_at: AT }));
  assert.ok(isOrderDone({ status: 'fulfilled', handled_at: null }));
  assert.not.ok(isOrderDone({ status: 'needs_review', handled_at: null }));
});

test.run();
