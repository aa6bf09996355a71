import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../harness';
import { NEEDS_OWNER_SQL, ORDER_EFFECTIVE_STATUS_SQL, PAID_ORDER_STATUSES_SQL } from '../../data/order-status-sql';
import { needsOwner, orderEffectiveStatus } from '../../contract/rules/order-effective-status';
import { ORDER_STATUSES } from '../../contract/rules/vocabulary';

const HANDLED_AT = '2099-01-02T03:04:05.000Z';

test("the store's order statuses say what contract/rules/order-effective-status.ts says, for every status", async () => {
  const server = await startServer();
  try {
    for (const status of ORDER_STATUSES)
      for (const handled_at of [null, HANDLED_AT]) {
        const row = await server.app.ctx.db.get<{ effective: string; paid: number; waiting: number }>(
          `SELECT ${ORDER_EFFECTIVE_STATUS_SQL} AS effective,
             CASE WHEN status IN ${PAID_ORDER_STATUSES_SQL} THEN 1 ELSE 0 END AS paid,
             CASE WHEN ${NEEDS_OWNER_SQL} THEN 1 ELSE 0 END AS waiting
           FROM (SELECT CAST(? AS TEXT) AS status, CAST(? AS TEXT) AS handled_at) o`,
          [status, handled_at],
        );
        const expected = orderEffectiveStatus({ status, handled_at });
        assert.is(row?.effective, expected, `${status}, handled ${handled_at}`);
        assert.is(
          Number(row?.waiting) === 1,
          needsOwner(expected),
          `needs the owner: ${status}, handled ${handled_at}`,
        );
        // Paid: it delivered something by itself, so it counts as revenue without the owner's step.
        assert.is(Number(row?.paid), status === 'needs_review' ? 0 : 1, status);
      }
  } finally {
    await server.close({ remove: true });
  }
});

test.run();
