/**
 * One captured Lynk.id delivery cannot be re-split into new paid orders. Its signature covers
 * `grandTotal + refId + message_id` with nothing between them, so moving the boundary between
 * refId and message_id keeps it valid while naming a "new" payment. A signed string counts once:
 * every other split is refused (409), counted for the owner, and issues, stores and mails nothing;
 * the genuine retry still answers 200 with the same order.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { deliver, MERCHANT_KEY, paymentDelivery, resplit, tableCounts } from './lynk-helpers';

const ONE_YEAR = [{ title: 'LoopBOT 1 Tahun', price: 999_000 }];
const REF_ID = 'LYNK625716952A7Q';
const MESSAGE_ID = 'm1XK29QPZ0C7TB4E';

/** Every boundary inside refId + message_id but the genuine one, each sent for another buyer. */
const splits = (): number[] =>
  Array.from({ length: REF_ID.length + MESSAGE_ID.length - 1 }, (_, i) => i + 1).filter((at) => at !== REF_ID.length);
const attacker = (at: number): string => `thief-${at}@evil.test`;
/** Each re-split from an address of its own: past 30 refusals one address is answered 429 (orders-lynk-flood.test.ts). */
const thief = (at: number): Record<string, string> => ({ 'x-forwarded-for': `203.0.113.${at}` });

async function replaysRefused(server: TestServer, cookie: string): Promise<number> {
  const answer = await call(server.url, 'GET', '/api/order/stats', { cookie });
  assert.is(answer.status, 200, answer.text);
  return (answer.json.stats as { replays_refused: number }).replays_refused;
}

async function licensesOf(server: TestServer, email: string): Promise<number> {
  const row = await server.app.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM licenses WHERE email = ?', [email]);
  return Number(row?.n ?? 0);
}

test('every re-split of a delivered payment is refused, counted, and issues, stores and mails nothing; the genuine retry is a duplicate', async () => {
  const server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY, TRUST_PROXY: '1' });
  try {
    const cookie = await loginCookie(server.url);
    const captured = paymentDelivery({
      refId: REF_ID,
      messageId: MESSAGE_ID,
      email: 'buyer@example.com',
      items: ONE_YEAR,
    });
    const first = await deliver(server, captured);
    assert.equal([first.status, first.json.status, first.json.duplicate], [200, 'fulfilled', undefined], first.text);
    const after = await tableCounts(server);
    assert.equal(after, { orders: 1, licenses: 1, outbox: 1, reminders: 0 });

    for (const at of splits()) {
      const answer = await deliver(server, resplit(captured, at, attacker(at)), thief(at));
      assert.equal([answer.status, answer.json.success], [409, false], `split at ${at}: ${answer.text}`);
      assert.is(answer.json.error, 'This signed delivery was already used for another payment');
    }
    assert.equal(await tableCounts(server), after, 'no order, licence or e-mail from any re-split');
    for (const at of splits()) assert.is(await licensesOf(server, attacker(at)), 0);
    assert.is(await replaysRefused(server, cookie), splits().length);

    // Lynk.id's genuine retry, from its own address.
    const retry = await deliver(server, captured);
    assert.equal(
      [retry.status, retry.json.order_id, retry.json.duplicate],
      [200, first.json.order_id, true],
      retry.text,
    );
    assert.equal(await tableCounts(server), after);
  } finally {
    await server.close();
  }
});

test('a captured delivery that never reached the shop: all its splits at once make exactly one order', async () => {
  const server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY, TRUST_PROXY: '1' });
  try {
    const captured = paymentDelivery({
      refId: REF_ID,
      messageId: MESSAGE_ID,
      email: 'buyer@example.com',
      items: ONE_YEAR,
    });
    const answers = await Promise.all(
      [REF_ID.length, ...splits()].map((at) => deliver(server, resplit(captured, at, attacker(at)), thief(at))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    assert.equal(statuses, [200, ...splits().map(() => 409)], answers.map((answer) => answer.text).join('\n'));
    assert.equal(await tableCounts(server), { orders: 1, licenses: 1, outbox: 1, reminders: 0 });
  } finally {
    await server.close();
  }
});

test('a different payment with the same total is not mistaken for a re-split', async () => {
  const server = await startServer({ LYNK_MERCHANT_KEY: MERCHANT_KEY });
  try {
    for (const refId of ['LYNK-A-0001', 'LYNK-A-0002']) {
      const answer = await deliver(server, paymentDelivery({ refId, messageId: 'same-message', items: ONE_YEAR }));
      assert.equal([answer.status, answer.json.duplicate], [200, undefined], answer.text);
    }
    assert.is((await tableCounts(server)).orders, 2);
  } finally {
    await server.close();
  }
});

test.run();
