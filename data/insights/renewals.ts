/**
 * Renewals of a period (docs/spec.md#what-an-order-issues): the expiries that fell in it, renewed by a paid order
 * before or within the grace days after them, lapsed, or still within the grace days; and the
 * reminders sent in it and how many of those licences a paid order extended soon after.
 */
import { RENEWAL_GRACE_DAYS } from '../../contract/rules/insight-periods';
import type { Store } from '../store';
import { figureSums, total } from './summary-figures';
import { DAY_MS } from '../../contract/rules/durations';

export type RenewalFigures = {
  expiring: number;
  renewed: number;
  lapsed: number;
  pending: number;
  reminders_sent: number;
  reminded_renewed: number;
};

/**
 * An expiry a paid order moved is the `old` of its `expiry_changed` event (actor `order`,
 * `expiry_moved`); one still in place is the licence's own expired_date (`license_expiry`). An
 * admin's own extension is not a sale and is not counted.
 */
export async function renewalFigures(db: Store, from: string, to: string, now: string): Promise<RenewalFigures> {
  const graceStart = new Date(Date.parse(now) - RENEWAL_GRACE_DAYS * DAY_MS).toISOString();
  const cut = graceStart < from ? from : graceStart > to ? to : graceStart;
  const sums = await figureSums(db, ['expiry_moved', 'reminder', 'reminder_renewed'], [{ start: from, end: to }]);
  const standing = await figureSums(
    db,
    ['license_expiry'],
    [
      { start: from, end: cut },
      { start: cut, end: to },
    ],
  );
  const moved = (item: string) => sums.expiry_moved[0]!.find((sum) => sum.item === item)?.n ?? 0;
  const renewed = moved('renewed');
  const lapsed = moved('late') + total(standing.license_expiry[0]!).n;
  const pending = total(standing.license_expiry[1]!).n;
  return {
    expiring: renewed + lapsed + pending,
    renewed,
    lapsed,
    pending,
    reminders_sent: total(sums.reminder[0]!).n,
    reminded_renewed: total(sums.reminder_renewed[0]!).n,
  };
}
