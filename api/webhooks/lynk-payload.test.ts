import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lynkEventName, lynkPaidOrder, lynkSignedFields } from './lynk-payload';

function delivery(messageData: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    event: 'payment.received',
    data: {
      message_id: 'msg-1',
      message_data: {
        refId: 'REF-1',
        totals: { grandTotal: 150000 },
        customer: { name: ' Budi ', email: 'budi@example.com', phone: 628123456789 },
        items: [{ title: ' LoopBOT 1 Bulan ', qty: 1, price: 150000 }],
        ...messageData,
      },
    },
  };
}

const error = (run: () => unknown): string => {
  try {
    run();
  } catch (failure) {
    return (failure as Error).message;
  }
  return 'no error';
};

test('lynkEventName: the event, trimmed; required and a text', () => {
  assert.is(lynkEventName({ event: ' test_event ' }), 'test_event');
  assert.is(
    error(() => lynkEventName({})),
    'event is required',
  );
  assert.is(
    error(() => lynkEventName({ event: 5 })),
    'event must be a text',
  );
});

test('lynkSignedFields: total as written (number or digits), ids as texts', () => {
  assert.equal(lynkSignedFields(delivery()), { grandTotal: '150000', refId: 'REF-1', messageId: 'msg-1' });
  assert.is(lynkSignedFields(delivery({ totals: { grandTotal: '99000' } })).grandTotal, '99000');
  assert.is(lynkSignedFields(delivery({ refId: 777 })).refId, '777');
  const rows: Array<[Record<string, unknown>, string]> = [
    [{ totals: {} }, 'data.message_data.totals.grandTotal is required'],
    [{ totals: { grandTotal: -1 } }, 'data.message_data.totals.grandTotal must be a whole number of rupiah'],
    [{ totals: { grandTotal: '1.5' } }, 'data.message_data.totals.grandTotal must be a whole number of rupiah'],
    [{ refId: '' }, 'data.message_data.refId must be a non-empty text'],
    [{ refId: 'x'.repeat(201) }, 'data.message_data.refId is too long'],
    [{ totals: 'a lot' }, 'data.message_data.totals must be an object'],
  ];
  for (const [change, message] of rows)
    assert.is(
      error(() => lynkSignedFields(delivery(change))),
      message,
    );
  assert.is(
    error(() => lynkSignedFields({ event: 'payment.received', data: [] })),
    'data must be an object',
  );
});

test("lynkPaidOrder: the buyer's texts trimmed, numbers taken as written, missing ones empty; qty defaults to 1", () => {
  const body = delivery();
  const order = lynkPaidOrder(body, lynkSignedFields(body));
  assert.equal(order.buyer, { name: 'Budi', email: 'budi@example.com', phone: '628123456789' });
  assert.equal(order.items, [{ title: 'LoopBOT 1 Bulan', qty: 1, price: 150000 }]);
  assert.is(order.amountIdr, 150000);
  assert.equal([order.reference, order.messageId, order.signedString], ['REF-1', 'msg-1', '150000REF-1msg-1']);
  const bare = delivery({ customer: undefined, items: [{ title: 'LoopBOT 1 Bulan' }] });
  const kind = lynkPaidOrder(bare, lynkSignedFields(bare));
  assert.equal(kind.buyer, { name: '', email: '', phone: '' });
  assert.equal(kind.items, [{ title: 'LoopBOT 1 Bulan', qty: 1, price: 0 }]);
});

test('lynkPaidOrder: U+0000 in an unsigned text becomes U+FFFD, so a paid delivery is kept and both stores agree', () => {
  const body = delivery({
    customer: { name: 'Bu\u0000di', email: 'budi@example.com' },
    items: [{ title: 'LoopBOT\u0000 1 Bulan' }],
  });
  const order = lynkPaidOrder(body, lynkSignedFields(body));
  assert.is(order.buyer.name, 'Bu\uFFFDdi');
  assert.is(order.items[0]?.title, 'LoopBOT\uFFFD 1 Bulan');
});

test('lynkPaidOrder: items must be a non-empty list of titled items with sane quantities', () => {
  const rows: Array<[Record<string, unknown>, string]> = [
    [{ items: 'LoopBOT' }, 'data.message_data.items must be a non-empty list'],
    [
      { items: Array.from({ length: 51 }, () => ({ title: 'x' })) },
      'data.message_data.items must have at most 50 items',
    ],
    [{ items: [{ title: 'x', qty: 1.5 }] }, 'data.message_data.items[0].qty must be a whole number from 1 to 1000'],
    [{ items: [{ title: 'x', price: 'free' }] }, 'data.message_data.items[0].price must be a number of rupiah'],
    [{ items: [null] }, 'data.message_data.items[0] must be an object'],
    [{ customer: 'Budi' }, 'data.message_data.customer must be an object'],
    [{ customer: { email: ['a@b.c'] } }, 'data.message_data.customer.email must be a text'],
  ];
  for (const [change, message] of rows) {
    const body = delivery(change);
    assert.is(
      error(() => lynkPaidOrder(body, lynkSignedFields(body))),
      message,
    );
  }
});

test.run();
