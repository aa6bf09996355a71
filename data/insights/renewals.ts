/**
 * Renewals of a period (docs/spec.md#what-an-order-issues): the expiries that fell in it, renewed by a paid order
 * before or within the grace days after them, lapsed, or still within the grace days; and the
 * reminders sent in it and how many of those licences a paid order extended soon after.
 */
import { RENEWAL_GRACE_DAYS } from '../../contract/insight-periods';
import type { Store } from '../store';
import { indexedBy, jsonField, num, withinDays } from './dialect';

export type RenewalFigures = {
  expiring: number;
  renewed: number;
  lapsed: number;
  pending: number;
  reminders_sent: number;
  reminded_renewed: number;
};

/**
 * An expiry a paid order moved is the `old` of its `expiry_changed` event (actor `order`); one still
 * in place is the licence's own expired_date. An admin's own extension is not a sale and is not counted.
 */
export async function renewalFigures(db: Store, from: string, to: string, now: string): Promise<RenewalFigures> {
  const old = jsonField(db.engine, 'data', 'old');
  const moved = await db.get<{ renewed: unknown; late: unknown }>(
    `SELECT sum(CASE WHEN ${withinDays(db.engine, 'at', old, RENEWAL_GRACE_DAYS)} THEN 1 ELSE 0 END) AS renewed,
            sum(CASE WHEN ${withinDays(db.engine, 'at', old, RENEWAL_GRACE_DAYS)} THEN 0 ELSE 1 END) AS late
     FROM license_events ${indexedBy(db.engine, 'license_events_old_expiry')}
     WHERE type = 'expiry_changed' AND ${old} >= ? AND ${old} < ? AND actor = 'order'`,
    [from, to],
  );
  const graceStart = new Date(Date.parse(now) - RENEWAL_GRACE_DAYS * 86_400_000).toISOString();
  const standing = await db.get<{ lapsed: unknown; pending: unknown }>(
    `SELECT sum(CASE WHEN expired_date < ? THEN 1 ELSE 0 END) AS lapsed, sum(CASE WHEN expired_date < ? THEN 0 ELSE 1 END) AS pending
     FROM licenses WHERE expired_date >= ? AND expired_date < ?`,
    [graceStart, graceStart, from, to],
  );
  const reminders = await db.get<{ sent: unknown; renewed: unknown }>(
    `SELECT count(*) AS sent, sum(CASE WHEN EXISTS (
         SELECT 1 FROM order_licenses ol JOIN orders o ON o.id = ol.order_id
         WHERE ol.license_id = r.license_id AND ol.change = 'extended' AND o.status IN ('fulfilled', 'needs_setup')
           AND o.created_at >= r.created_at AND ${withinDays(db.engine, 'o.created_at', 'r.created_at', RENEWAL_GRACE_DAYS)}
       ) THEN 1 ELSE 0 END) AS renewed
     FROM license_reminders r WHERE r.created_at >= ? AND r.created_at < ?`,
    [from, to],
  );
  const renewed = num(moved?.renewed);
  const lapsed = num(moved?.late) + num(standing?.lapsed);
  const pending = num(standing?.pending);
  return {
    expiring: renewed + lapsed + pending,
    renewed,
    lapsed,
    pending,
    reminders_sent: num(reminders?.sent),
    reminded_renewed: num(reminders?.renewed),
  };
}
