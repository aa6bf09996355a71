/**
 * The owner finishing an order that needed them: its outcome written again after its items were
 * matched once more ("Process again"), and the order read for update inside the action's transaction.
 */
import type { OrderStatus } from '../contract/calls/orders';
import type { OrderItem } from './orders';
import type { Sql, Transaction } from './store';

export type OrderForAction = {
  id: number;
  ref_id: string;
  customer_name: string;
  customer_email: string;
  items: OrderItem[];
  amount_idr: number;
  status: OrderStatus;
  handled_at: string | null;
};

/** The order as an action needs it; undefined when the id is unknown. */
export async function orderForAction(db: Sql, id: number): Promise<OrderForAction | undefined> {
  const row = await db.get<Omit<OrderForAction, 'items'> & { items: string }>(
    'SELECT id, ref_id, customer_name, customer_email, items, amount_idr, status, handled_at FROM orders WHERE id = ?',
    [id],
  );
  return row && { ...row, amount_idr: Number(row.amount_idr), items: JSON.parse(row.items) as OrderItem[] };
}

/** A new outcome of matching the order's items against the catalogue. */
export async function updateOrderOutcomeIn(
  tx: Transaction,
  id: number,
  outcome: { status: OrderStatus; note: string; items: OrderItem[] },
  at: string,
): Promise<void> {
  await tx.run('UPDATE orders SET status = ?, note = ?, items = ?, updated_at = ? WHERE id = ?', [
    outcome.status,
    outcome.note,
    JSON.stringify(outcome.items),
    at,
    id,
  ]);
}
