/** Paid orders of a period: revenue by bucket, first purchases against renewals, per plan. */
import type { Store } from '../store';
import type { Span } from './period-spans';
import { num, orderItems, spanTable } from './dialect';

/** docs/spec.md#order-statuses: fulfilled and needs_setup are paid; needs_review issued nothing and is counted apart. */
const PAID = "('fulfilled', 'needs_setup')";

export type BucketSale = { start: string; end: string; day: string; orders: number; revenue_idr: number };
export type SalesTotals = {
  paid: { orders: number; revenue_idr: number };
  needs_review: { orders: number; amount_idr: number };
  renewals: { orders: number; revenue_idr: number };
};
export type PlanSale = { plan_id: string | null; plan_name: string; orders: number; revenue_idr: number };

export async function revenueByBucket(db: Store, spans: readonly Span[]): Promise<BucketSale[]> {
  const table = spanTable('b', spans);
  const rows = await db.all<{ s: string; e: string; day: string; orders: unknown; revenue: unknown }>(
    `WITH ${table.sql}
     SELECT b.s, b.e, b.day, count(o.id) AS orders, coalesce(sum(o.amount_idr), 0) AS revenue
     FROM b LEFT JOIN orders o ON o.created_at >= b.s AND o.created_at < b.e AND o.status IN ${PAID}
     GROUP BY b.s, b.e, b.day ORDER BY b.s`,
    table.params,
  );
  return rows.map((row) => ({
    start: row.s,
    end: row.e,
    day: row.day,
    orders: num(row.orders),
    revenue_idr: num(row.revenue),
  }));
}

/** A renewal is a paid order that extended a licence the buyer already had (docs/spec.md#what-an-order-issues). */
export async function salesTotals(db: Store, from: string, to: string): Promise<SalesTotals> {
  const row = await db.get<Record<string, unknown>>(
    `SELECT
       sum(CASE WHEN status IN ${PAID} THEN 1 ELSE 0 END) AS paid,
       sum(CASE WHEN status IN ${PAID} THEN amount_idr ELSE 0 END) AS paid_idr,
       sum(CASE WHEN status = 'needs_review' THEN 1 ELSE 0 END) AS review,
       sum(CASE WHEN status = 'needs_review' THEN amount_idr ELSE 0 END) AS review_idr,
       sum(CASE WHEN renewal = 1 THEN 1 ELSE 0 END) AS renewals,
       sum(CASE WHEN renewal = 1 THEN amount_idr ELSE 0 END) AS renewals_idr
     FROM (SELECT o.status, o.amount_idr,
             CASE WHEN o.status IN ${PAID} AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = o.id AND ol.change = 'extended')
               THEN 1 ELSE 0 END AS renewal
           FROM orders o WHERE o.created_at >= ? AND o.created_at < ?) period_orders`,
    [from, to],
  );
  return {
    paid: { orders: num(row?.paid), revenue_idr: num(row?.paid_idr) },
    needs_review: { orders: num(row?.review), amount_idr: num(row?.review_idr) },
    renewals: { orders: num(row?.renewals), revenue_idr: num(row?.renewals_idr) },
  };
}

/** Paid orders per plan: orders holding an item of it, and those items' price × quantity. */
export async function salesByPlan(db: Store, from: string, to: string): Promise<PlanSale[]> {
  const items = orderItems(db.engine);
  const rows = await db.all<{ plan_id: string | null; plan_name: string | null; orders: unknown; revenue: unknown }>(
    `SELECT ${items.planId} AS plan_id, max(${items.planName}) AS plan_name, count(DISTINCT o.id) AS orders, coalesce(sum(${items.total}), 0) AS revenue
     FROM ${items.from}
     WHERE o.created_at >= ? AND o.created_at < ? AND o.status IN ${PAID}
     GROUP BY ${items.planId} ORDER BY revenue DESC, plan_id`,
    [from, to],
  );
  return rows.map((row) => ({
    plan_id: row.plan_id,
    plan_name: row.plan_id === null ? 'No plan' : (row.plan_name ?? row.plan_id),
    orders: num(row.orders),
    revenue_idr: Math.round(num(row.revenue)),
  }));
}
