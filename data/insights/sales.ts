/** Paid orders of a period: revenue by bucket, first purchases against renewals, per plan. */
import type { Store } from '../store';
import type { Span } from './period-spans';
import { figureSums, total } from './summary-figures';

// docs/spec.md#order-statuses: fulfilled and needs_setup are paid (`paid`), and so is an order under review
// that the owner's step delivered (`by_hand`, data/insights/by-hand-migration.ts); needs_review that issued
// nothing is counted apart (`review`). A renewal is a paid order that extended a licence the buyer already had
// (docs/spec.md#what-an-order-issues).

export type BucketSale = { start: string; end: string; day: string; orders: number; revenue_idr: number };
export type SalesTotals = {
  paid: { orders: number; revenue_idr: number };
  needs_review: { orders: number; amount_idr: number };
  renewals: { orders: number; revenue_idr: number };
  resolved_by_hand: { orders: number; revenue_idr: number };
};
export type ResolvedOrder = { id: number; ref_id: string; amount_idr: number; resolved_by_hand_at: string };
export type PlanSale = { plan_id: string | null; plan_name: string; orders: number; revenue_idr: number };

export async function revenueByBucket(db: Store, spans: readonly Span[]): Promise<BucketSale[]> {
  const { paid } = await figureSums(db, ['paid'], spans);
  return spans.map((span, index) => {
    const sum = total(paid[index]!);
    return { start: span.start, end: span.end, day: span.day, orders: sum.n, revenue_idr: sum.amount };
  });
}

export async function salesTotals(db: Store, from: string, to: string): Promise<SalesTotals> {
  const sums = await figureSums(db, ['paid', 'review', 'renewal', 'by_hand'], [{ start: from, end: to }]);
  const [paid, review, renewal, byHand] = [sums.paid, sums.review, sums.renewal, sums.by_hand].map((figure) =>
    total(figure[0]!),
  );
  return {
    paid: { orders: paid!.n, revenue_idr: paid!.amount },
    needs_review: { orders: review!.n, amount_idr: review!.amount },
    renewals: { orders: renewal!.n, revenue_idr: renewal!.amount },
    resolved_by_hand: { orders: byHand!.n, revenue_idr: byHand!.amount },
  };
}

/** Which orders of the period were resolved by hand, newest first (through the orders_by_hand index). */
export async function ordersResolvedByHand(
  db: Store,
  from: string,
  to: string,
  limit: number,
): Promise<ResolvedOrder[]> {
  return db.all<ResolvedOrder>(
    `SELECT id, ref_id, amount_idr, resolved_by_hand_at FROM orders
     WHERE resolved_by_hand_at IS NOT NULL AND created_at >= ? AND created_at < ? ORDER BY created_at DESC, id DESC
     LIMIT ${Math.trunc(limit)}`,
    [from, to],
  );
}

/** Paid orders per plan: orders holding an item of it, and those items' price × quantity. */
export async function salesByPlan(db: Store, from: string, to: string): Promise<PlanSale[]> {
  const { plan } = await figureSums(db, ['plan'], [{ start: from, end: to }]);
  return plan[0]!
    .map((sum) => {
      const planId = sum.item === '' ? null : sum.item;
      return {
        plan_id: planId,
        plan_name: planId === null ? 'No plan' : sum.label || planId,
        orders: sum.n,
        revenue_idr: Math.round(sum.amount),
      };
    })
    .sort((a, b) => b.revenue_idr - a.revenue_idr || String(a.plan_id).localeCompare(String(b.plan_id)));
}
