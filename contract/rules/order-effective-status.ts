/**
 * An order's effective status: what it is now, for everyone who reads it (the buyer's /lisensi,
 * the admin's Orders rows, /metrics' orders gauge, Insights). The stored `status` says why an order
 * needed the owner and stays as it was; once the owner handled it (`handled_at`: "Set up LoopStream",
 * "Issue licence", "Mark handled") it is done. "Process again" rewrites the stored status itself
 * (`fulfilled` when the catalogue now matches), so it needs no special case here.
 * docs/spec.md#order-statuses
 */
import type { ORDER_STATUSES, Word } from './vocabulary';

/** `handled`: it needed the owner (set-up or review) and the owner dealt with it. */
export const ORDER_EFFECTIVE_STATUSES = ['fulfilled', 'handled', 'needs_setup', 'needs_review'] as const;
export type OrderEffectiveStatus = Word<typeof ORDER_EFFECTIVE_STATUSES>;

export type OrderStatusFields = { status: Word<typeof ORDER_STATUSES>; handled_at: string | null };

export function orderEffectiveStatus(order: OrderStatusFields): OrderEffectiveStatus {
  if (order.status === 'fulfilled') return 'fulfilled';
  return order.handled_at !== null ? 'handled' : order.status;
}

/** An order that needs the owner: a set-up or a review not handled yet (the dashboard's "Needs attention"). */
export const NEEDS_OWNER_STATUSES = ['needs_setup', 'needs_review'] as const satisfies readonly OrderEffectiveStatus[];

export function needsOwner(status: OrderEffectiveStatus): boolean {
  return (NEEDS_OWNER_STATUSES as readonly string[]).includes(status);
}

/** Nothing is left for the owner to do: delivered by itself, or handled by the owner. */
export function isOrderDone(order: OrderStatusFields): boolean {
  return !needsOwner(orderEffectiveStatus(order));
}
