/**
 * What orders write in the activity log (docs/spec.md#activity-log), inside the transaction of the
 * order's change: an order recorded from a payment, the licence it issued or extended, the owner's
 * steps on an order that needed them. Who: Lynk.id for a payment, the admin for the owner's steps.
 */
import { recordActivityIn } from '../../data/activity/activity-log';
import type { ActivityActor } from '../../data/activity/activity-log';
import type { LicenseRow } from '../../data/licenses/licenses';
import type { OrderStatus } from '../../contract/calls/orders';
import type { Transaction } from '../../data/store';
import { expirySummary } from '../shared/change-summary';
import { formatRupiah } from '../../contract/rules/rupiah';

const ORDER_ACTIONS = {
  fulfilled: 'order.paid',
  needs_setup: 'order.needs_setup',
  needs_review: 'order.needs_review',
} as const;

const STATUS_WORDS: Record<OrderStatus, string> = {
  fulfilled: 'paid',
  needs_setup: 'waiting for LoopStream set-up',
  needs_review: 'needs review',
};

export type RecordedOrderFacts = {
  id: number;
  refId: string;
  email: string;
  amountIdr: number;
  status: OrderStatus;
  note: string;
};

/** A payment recorded as a new order (a payment seen before writes nothing). */
export function recordOrderIn(
  tx: Transaction,
  by: ActivityActor,
  at: string,
  order: RecordedOrderFacts,
): Promise<void> {
  return recordActivityIn(tx, {
    ...by,
    at,
    action: ORDER_ACTIONS[order.status],
    objectType: 'order',
    objectId: String(order.id),
    summary: `order ${order.refId} of ${order.email || 'no e-mail'}, ${formatRupiah(order.amountIdr)}: ${STATUS_WORDS[order.status]}${order.note ? ` (${order.note})` : ''}`,
    before: null,
    after: { ref_id: order.refId, email: order.email, amount_idr: order.amountIdr, status: order.status },
  });
}

/** The owner's step on an order: its status (and handled mark) before → after. */
export function recordOrderStepIn(
  tx: Transaction,
  by: ActivityActor,
  at: string,
  step: {
    action: 'order.handled' | 'order.reprocessed';
    orderId: number;
    refId: string;
    summary: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  return recordActivityIn(tx, {
    ...by,
    at,
    action: step.action,
    objectType: 'order',
    objectId: String(step.orderId),
    summary: `order ${step.refId}: ${step.summary}`,
    before: step.before,
    after: step.after,
  });
}

/** The licence an order issued (new) or extended (its expiry before → after). */
export function recordOrderLicenseIn(
  tx: Transaction,
  by: ActivityActor,
  delivered: { license: LicenseRow; created: boolean; oldExpiry: string | null },
  order: { orderId: number; refId: string; days: number; at: string; timeZone: string },
): Promise<void> {
  const { license, created, oldExpiry } = delivered;
  const why = `by order ${order.refId} (${order.days} days)`;
  return recordActivityIn(tx, {
    ...by,
    at: order.at,
    action: created ? 'license.created' : 'license.extended',
    objectType: 'license',
    objectId: String(license.id),
    summary: created
      ? `LoopBOT licence for ${license.email} issued ${why}`
      : `${expirySummary(oldExpiry!, license.expired_date, order.timeZone)} ${why}`,
    before: created ? null : { expired_date: oldExpiry },
    after: created
      ? {
          license_key: license.license_key,
          email: license.email,
          app_type: license.app_type,
          expired_date: license.expired_date,
          order_id: order.orderId,
        }
      : { expired_date: license.expired_date, order_id: order.orderId },
  });
}
