/**
 * What the Lynk.id webhook refuses, and that a refusal stores nothing: no merchant key configured
 * (503), a wrong or missing signature (401, counted in the log's minute summary, never the key),
 * malformed bodies (400, 413, 415). The dashboard's test event is answered 200 and stores nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Logger } from '../../api/logger';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { deliver, MERCHANT_KEY, paymentDelivery, tableCounts, WEBHOOK } from './lynk-helpers';

const lines: string[] = [];
const log: Logger = {
  enabled: () => true,
  debug: (message) => void lines.push(message),
  info: (message) => void lines.push(message),
  warn: (message, error) => void lines.push(`${message} ${error ?? ''}`),
  error: (message, error) => void lines.push(`${message} ${error ?? ''}`),
};

const EMPTY = { orders: 0, licenses: 0, outbox: 0, reminders: 0 };

function raw(server: TestServer, body: string, headers: Record<string, string> = {}) {
  return call(server.url, 'POST', WEBHOOK, { body, headers: { 'content-type': 'application/json', ...headers } });
}

test('without LYNK_MERCHANT_KEY every delivery is refused with 503, a signed one too, and nothing is stored', async () => {
  const server = await startServer();
  try {
    const signed = await deliver(server, paymentDelivery());
    assert.equal(
      [signed.status, signed.json.error],
      [503, 'The Lynk.id webhook is not configured (LYNK_MERCHANT_KEY is not set)'],
    );
    assert.is((await raw(server, JSON.stringify({ event: 'test_event' }))).status, 503);
    assert.equal(await tableCounts(server), EMPTY);
  } finally {
    await server.close();
  }
});

test('wrong, missing or differently keyed signatures: 401, logged without the key, nothing stored', async () => {
  const server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY }, { log });
  try {
    const delivery = paymentDelivery({ refId: 'REF-FORGED-1' });
    const cases: Array<Record<string, string>> = [
      { 'x-lynk-signature': '0'.repeat(64) },
      { 'x-lynk-signature': paymentDelivery({}, 'another-merchant-key').signature },
      { 'x-lynk-signature': delivery.signature.slice(0, 63) },
      { 'x-lynk-signature': '' },
    ];
    for (const headers of cases) {
      const answer = await deliver(server, delivery, headers);
      assert.equal([answer.status, answer.json.error], [401, 'Invalid signature'], JSON.stringify(headers));
    }
    // The signature covers total, refId and message id: changing one of them breaks it.
    const changedTotal = structuredClone(delivery);
    (changedTotal.body.data as any).message_data.totals.grandTotal = 1;
    assert.is((await deliver(server, changedTotal)).status, 401);
    assert.equal(await tableCounts(server), EMPTY);
    assert.equal(
      lines.filter((line) => line.includes('lynk webhook')),
      [],
      'no line per refused delivery',
    );
  } finally {
    await server.close();
  }
  // Summed up once a minute (orders-lynk-flood.test.ts), and when the server stops.
  const refusals = lines.filter((line) => line.includes('lynk webhook'));
  assert.is(refusals.length, 1, refusals.join('\n'));
  assert.match(refusals[0]!, '5 deliveries refused in the last minute (401 ×5) from 1 address');
  assert.ok(
    lines.every((line) => !line.includes(MERCHANT_KEY)),
    'the key is never logged',
  );
});

test('malformed bodies: 400 naming the field, 415, 413; test_event 200; nothing stored', async () => {
  const server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY }, { log });
  try {
    const good = paymentDelivery();
    const rows: Array<[body: string, status: number, error: string | RegExp, headers?: Record<string, string>]> = [
      ['{"event": "payment.received", ', 400, 'Malformed JSON body'],
      ['[1, 2]', 400, 'JSON body must be an object'],
      ['{}', 400, 'event is required'],
      ['{"event": "payment.received"}', 400, 'data is required'],
      [
        '{"event": "payment.received", "data": {"message_id": "m1", "message_data": {"totals": {"grandTotal": 1}}}}',
        400,
        'data.message_data.refId is required',
      ],
      [
        '{"event": "payment.received", "data": {"message_id": "m1", "message_data": {"refId": "r", "totals": {"grandTotal": 1.5}}}}',
        400,
        /grandTotal must be a whole number/,
      ],
      [JSON.stringify(good.body), 415, 'Content-Type must be application/json', { 'content-type': 'text/plain' }],
      [JSON.stringify({ ...good.body, padding: 'x'.repeat(1024 * 1024) }), 413, 'Request body too large'],
    ];
    for (const [body, status, error, headers] of rows) {
      const answer = await raw(server, body, { 'x-lynk-signature': good.signature, ...headers });
      assert.is(answer.status, status, body.slice(0, 120));
      if (typeof error === 'string') assert.is(answer.json.error, error);
      else assert.match(String(answer.json.error), error);
    }
    // Signed, but its items are missing or wrong: what the signature does not cover is still checked.
    for (const [items, error] of [
      [undefined, 'data.message_data.items is required'],
      [[], 'data.message_data.items must be a non-empty list'],
      [[{ title: 'LoopBOT 1 Bulan', qty: 0 }], 'data.message_data.items[0].qty must be a whole number from 1 to 1000'],
      [[{ qty: 1 }], 'data.message_data.items[0].title is required'],
    ] as const) {
      const delivery = structuredClone(good);
      (delivery.body.data as any).message_data.items = items;
      const answer = await deliver(server, delivery);
      assert.equal([answer.status, answer.json.error], [400, error]);
    }
    const testEvent = await raw(server, JSON.stringify({ event: 'test_event', data: { message: 'hello' } }));
    assert.equal([testEvent.status, testEvent.json], [200, { success: true }]);
    assert.equal(await tableCounts(server), EMPTY);
  } finally {
    await server.close();
  }
});

test.run();
