// store: postgres only (two instances of the built server on one PostgreSQL database)
/**
 * Paid orders on two instances sharing one database: the re-splits of one captured delivery, sent
 * to both at once, make one order (the unique signed string holds across instances); a burst of
 * distinct payments, 20 in flight, is answered 200 every time (no serialization failure reaches
 * the marketplace as a 500).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApiAnswer } from '../harness';
import { MERCHANT_KEY, paymentDelivery, resplit, WEBHOOK } from './lynk-helpers';
import type { Delivery } from './lynk-helpers';
import { on, twoInstances } from './multi-instance-helpers';
import type { Instance } from './multi-instance-helpers';

const run = twoInstances(test, { LYNK_MERCHANT_KEY: MERCHANT_KEY });

/** From `from` (the instances trust X-Forwarded-For): refusals are limited per address. */
const send = (instance: Instance, delivery: Delivery, from = '198.51.100.1'): Promise<ApiAnswer> =>
  on(instance, 'POST', WEBHOOK, {
    body: delivery.body,
    headers: { 'x-lynk-signature': delivery.signature, 'x-forwarded-for': from },
  });

const count = async (sql: string, params: string[] = []): Promise<number> =>
  Number((await run.db.get<{ n: number }>(sql, params))?.n ?? 0);

const ENTRIES = 'SELECT count(*) AS n FROM activity_log';
const ORDER_OF = 'SELECT CAST(id AS TEXT) FROM orders WHERE';

/** Runs `jobs` with at most `inFlight` running at a time; their results in order. */
async function pooled<T>(jobs: Array<() => Promise<T>>, inFlight: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return results;
}

test('every split of one captured delivery, sent to A and B at once: one order, one licence, one e-mail', async () => {
  const refId = 'LYNK7Q2M9X0B4C8D';
  const messageId = 'M5T1R6W3Z8K2P0VA';
  const captured = paymentDelivery({ refId, messageId, items: [{ title: 'LoopBOT 1 Tahun', price: 999_000 }] });
  const boundaries = Array.from({ length: refId.length + messageId.length - 1 }, (_, i) => i + 1);
  const answers = await Promise.all(
    boundaries.map((at) =>
      send(at % 2 === 0 ? run.a : run.b, resplit(captured, at, `split-${at}@evil.test`), `203.0.113.${at}`),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  assert.equal(statuses, [200, ...boundaries.slice(1).map(() => 409)], answers.map((answer) => answer.text).join('\n'));
  assert.is(await count('SELECT count(*) AS n FROM orders WHERE amount_idr = 999000'), 1);
  assert.is(await count("SELECT count(*) AS n FROM licenses WHERE email LIKE 'split-%'"), 1);
  assert.is(await count("SELECT count(*) AS n FROM outbox WHERE to_address LIKE 'split-%'"), 1);
  assert.is(await count('SELECT sum(replays_refused) AS n FROM orders'), boundaries.length - 1);
  // The activity log: the order and its licence once, whichever instance took the delivery.
  assert.is(await count(`${ENTRIES} WHERE action = 'order.paid' AND object_id = (${ORDER_OF} amount_idr = 999000)`), 1);
  assert.is(await count(`${ENTRIES} WHERE action = 'license.created' AND summary LIKE '%licence for split-%'`), 1);
});

test('one payment delivered to A and B at once (a redelivery racing the first): recorded once in the activity log', async () => {
  const delivery = paymentDelivery({ refId: 'LYNK-TWICE-1', email: 'twice@example.com' });
  const answers = await Promise.all([send(run.a, delivery), send(run.b, delivery), send(run.a, delivery)]);
  assert.equal(
    answers.map((answer) => answer.status),
    [200, 200, 200],
  );
  assert.is(await count(`${ENTRIES} WHERE object_id = (${ORDER_OF} ref_id = 'LYNK-TWICE-1')`), 1);
  assert.is(await count(`${ENTRIES} WHERE actor = 'lynk' AND summary LIKE '%order LYNK-TWICE-1 %'`), 2);
});

test('60 distinct payments, 20 in flight over both instances: every one answered 2xx and stored once', async () => {
  const deliveries = Array.from({ length: 60 }, (_, i) =>
    paymentDelivery({ refId: `BURST-${i}`, email: `burst-${i}@example.com` }),
  );
  const answers = await pooled(
    deliveries.map((delivery, i) => () => send(i % 2 === 0 ? run.a : run.b, delivery)),
    20,
  );
  const refused = answers.filter((answer) => answer.status < 200 || answer.status > 299);
  assert.equal(
    refused.map((answer) => `${answer.status} ${answer.text}`),
    [],
  );
  assert.is(await count("SELECT count(*) AS n FROM orders WHERE ref_id LIKE 'BURST-%'"), 60);
  assert.is(await count("SELECT count(*) AS n FROM licenses WHERE email LIKE 'burst-%'"), 60);
  assert.is(await count(`${ENTRIES} WHERE action = 'order.paid' AND summary LIKE 'order BURST-%'`), 60);
});

test.run();
