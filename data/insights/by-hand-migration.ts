/**
 * Orders the owner resolved by hand count as revenue (docs/spec.md#order-statuses): an order under
 * review that "Issue licence", "Set up LoopStream" or a passing "Process again" delivered gets
 * `resolved_by_hand_at`. Every such order arrived as `needs_review`, so the summaries counted it under
 * `review`; a trigger moves it to `paid` (and its plans, and a renewal the order's links made while
 * it was not counted) and notes it under `by_hand`, in the transaction that resolves it.
 * `loopstreams.order_id` ties a record set up from an order to it (the Orders row shows it).
 * Released once added to the migration lists: never edit it, add a new migration.
 */
import { BUMP, COLUMNS, createTrigger, dialect } from './summary-migration';
import { PAID_ORDER_STATUSES_SQL } from '../order-status-sql';
import type { Engine } from './summary-migration';

/** The order's figures moved from `review` to `paid`, as single-row statements over `NEW`. */
function moveBody(engine: Engine): string {
  const d = dialect(engine);
  const hour = 'substr(NEW.created_at, 1, 13)';
  return `
    ${COLUMNS} VALUES ('by_hand', ${hour}, '', '', 1, NEW.amount_idr) ${BUMP};
    ${COLUMNS} VALUES ('paid', ${hour}, '', '', 1, NEW.amount_idr) ${BUMP};
    ${COLUMNS} VALUES ('review', ${hour}, '', '', -1, -NEW.amount_idr) ${BUMP};
    ${COLUMNS} SELECT 'plan', ${hour}, coalesce(${d.field('plan_id')}, ''), coalesce(max(${d.field('plan_name')}), ''), 1, ${d.total}
      FROM ${d.items('NEW')} WHERE true GROUP BY ${d.field('plan_id')} ${BUMP};
    ${COLUMNS} SELECT 'renewal', ${hour}, '', '', 1, NEW.amount_idr WHERE NEW.status NOT IN ${PAID_ORDER_STATUSES_SQL}
      AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = NEW.id AND ol.change = 'extended') ${BUMP};`;
}

export function ordersByHandMigration(engine: Engine): string {
  const d = dialect(engine);
  const trigger = createTrigger(engine, {
    name: 'insight_orders_by_hand',
    on: 'AFTER UPDATE OF resolved_by_hand_at ON orders',
    when: 'OLD.resolved_by_hand_at IS NULL AND NEW.resolved_by_hand_at IS NOT NULL',
    body: moveBody(engine),
  });
  return `
    ALTER TABLE orders ADD COLUMN resolved_by_hand_at ${d.text};
    ALTER TABLE loopstreams ADD COLUMN order_id ${d.integer};
    CREATE INDEX loopstreams_order ON loopstreams (order_id);
    CREATE INDEX orders_by_hand ON orders (created_at) WHERE resolved_by_hand_at IS NOT NULL;
    ${trigger}
    UPDATE orders SET resolved_by_hand_at = handled_at WHERE status = 'needs_review' AND handled_at IS NOT NULL
      AND (EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = orders.id)
        OR EXISTS (SELECT 1 FROM outbox m WHERE m.order_id = orders.id AND m.kind = 'loopstream'));`;
}

/**
 * What a rebuild adds after the first migration's fill, which counts orders by their stored status:
 * orders resolved by hand still `needs_review` move to `paid` there; every one is noted under `by_hand`.
 */
export function insightByHandFill(engine: Engine): string {
  const d = dialect(engine);
  const stillReview = "o.resolved_by_hand_at IS NOT NULL AND o.status = 'needs_review'";
  return `
    ${COLUMNS} SELECT 'by_hand', substr(o.created_at, 1, 13), '', '', count(*), sum(o.amount_idr) FROM orders o
      WHERE o.resolved_by_hand_at IS NOT NULL GROUP BY 2 ${BUMP};
    ${COLUMNS} SELECT 'paid', substr(o.created_at, 1, 13), '', '', count(*), sum(o.amount_idr) FROM orders o
      WHERE ${stillReview} GROUP BY 2 ${BUMP};
    ${COLUMNS} SELECT 'review', substr(o.created_at, 1, 13), '', '', -count(*), -sum(o.amount_idr) FROM orders o
      WHERE ${stillReview} GROUP BY 2 ${BUMP};
    ${COLUMNS} SELECT 'renewal', substr(o.created_at, 1, 13), '', '', count(*), sum(o.amount_idr) FROM orders o
      WHERE ${stillReview} AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = o.id AND ol.change = 'extended')
      GROUP BY 2 ${BUMP};
    ${COLUMNS} SELECT 'plan', hour, plan, name, count(*), sum(total) FROM (
        SELECT substr(o.created_at, 1, 13) AS hour, coalesce(${d.field('plan_id')}, '') AS plan,
          coalesce(max(${d.field('plan_name')}), '') AS name, ${d.total} AS total
        FROM orders o, ${d.items('o')} WHERE ${stillReview} GROUP BY o.id, o.created_at, ${d.field('plan_id')}
      ) per_order WHERE true GROUP BY hour, plan, name ${BUMP};`;
}
