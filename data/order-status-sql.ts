/**
 * An order's statuses as SQL, for counting and filtering in the store: the rules of
 * contract/rules/order-effective-status.ts that the store applies itself (test/http/order-status-sql.test.ts
 * keeps them in step on both engines). docs/spec.md#order-statuses
 */
import { NEEDS_OWNER_STATUSES } from '../contract/rules/order-effective-status';

/** orderEffectiveStatus(): a handled order that needed the owner reads `handled`, whatever it needed. */
export const ORDER_EFFECTIVE_STATUS_SQL =
  "CASE WHEN status = 'fulfilled' THEN 'fulfilled' WHEN handled_at IS NOT NULL THEN 'handled' ELSE status END";

/** needsOwner(): the order's effective status is one of NEEDS_OWNER_STATUSES. */
export const NEEDS_OWNER_SQL = `${ORDER_EFFECTIVE_STATUS_SQL} IN (${NEEDS_OWNER_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** The stored statuses of an order that was paid for and delivered something by itself: all but `needs_review`. */
export const PAID_ORDER_STATUSES_SQL = "('fulfilled', 'needs_setup')";
