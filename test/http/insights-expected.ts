/**
 * The insights figures counted the slow, obvious way from the raw rows of a History, with WIB as a
 * fixed UTC+7 (Asia/Jakarta has no daylight saving): no SQL and none of the server's date code.
 */
import type { History } from './insights-seed';
import { wibMidnight } from './insights-seed';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const time = (value: unknown): number => Date.parse(String(value));
const iso = (ms: number): string => new Date(ms).toISOString();
const dayOf = (ms: number): string => new Date(ms + 7 * HOUR).toISOString().slice(0, 10);
const PAID = new Set(['fulfilled', 'needs_setup']);

type Bucket = { start: number; end: number };

export function periodOf(
  key: string,
  now: number,
): { from: number; to: number; bucket: string; buckets: Bucket[]; days: Bucket[] } {
  const wall = new Date(now + 7 * HOUR);
  const [year, month, date] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()];
  const lengths: Record<string, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
  const length = lengths[key];
  const from = length
    ? wibMidnight(year, month, date - length + 1)
    : key === 'this_month'
      ? wibMidnight(year, month, 1)
      : wibMidnight(year, month - 1, 1);
  const to = key === 'last_month' ? wibMidnight(year, month, 1) : wibMidnight(year, month, date + 1);
  const bucket = length === 365 ? 'month' : length === 90 ? 'week' : 'day';
  const cut = (kind: string): Bucket[] => {
    const result: Bucket[] = [];
    for (let start = from; start < to;) {
      const local = new Date(start + 7 * HOUR);
      let end = start + DAY;
      if (kind === 'week') end = start + (7 - ((local.getUTCDay() + 6) % 7)) * DAY;
      if (kind === 'month') end = wibMidnight(local.getUTCFullYear(), local.getUTCMonth() + 2, 1);
      result.push({ start, end: Math.min(end, to) });
      start = Math.min(end, to);
    }
    return result;
  };
  return { from, to, bucket, buckets: cut(bucket), days: cut('day') };
}

export function expectedInsights(history: History, key: string, now: number): Record<string, unknown> {
  const period = periodOf(key, now);
  const inPeriod = (ms: number): boolean => ms >= period.from && ms < period.to;
  const byHand = (order: (typeof history.orders)[number]): boolean => order.resolved_by_hand_at != null;
  const paid = history.orders.filter((order) => PAID.has(String(order.status)) || byHand(order));
  const isRenewal = (order: (typeof paid)[number]): boolean =>
    history.orderLicenses.some((link) => link.order_id === order.id && link.change === 'extended');
  const sum = (rows: typeof paid): number => rows.reduce((total, order) => total + Number(order.amount_idr), 0);
  const periodPaid = paid.filter((order) => inPeriod(time(order.created_at)));
  const renewals = periodPaid.filter(isRenewal);
  const review = history.orders.filter(
    (order) => order.status === 'needs_review' && !byHand(order) && inPeriod(time(order.created_at)),
  );
  const resolved = periodPaid
    .filter(byHand)
    .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || Number(b.id) - Number(a.id));
  const plans = new Map<
    string | null,
    { plan_id: string | null; plan_name: string; orders: Set<unknown>; revenue_idr: number }
  >();
  for (const order of periodPaid) {
    for (const item of JSON.parse(String(order.items)) as {
      plan_id: string | null;
      plan_name: string | null;
      price: number;
      qty: number;
    }[]) {
      const entry = plans.get(item.plan_id) ?? {
        plan_id: item.plan_id,
        plan_name: item.plan_name ?? 'No plan',
        orders: new Set(),
        revenue_idr: 0,
      };
      entry.orders.add(order.id);
      entry.revenue_idr += item.price * item.qty;
      plans.set(item.plan_id, entry);
    }
  }
  const moves = history.events.filter((event) => event.type === 'expiry_changed' && event.actor === 'order');
  const movedOld = moves
    .map((event) => ({ at: time(event.at), old: time((JSON.parse(String(event.data)) as { old: string }).old) }))
    .filter((move) => inPeriod(move.old));
  const renewed = movedOld.filter((move) => move.at <= move.old + 7 * DAY).length;
  const standing = history.licenses.filter((license) => inPeriod(time(license.expired_date)));
  const lapsedNow = standing.filter((license) => time(license.expired_date) < now - 7 * DAY).length;
  const lapsed = movedOld.length - renewed + lapsedNow;
  const reminders = history.reminders.filter((reminder) => inPeriod(time(reminder.created_at)));
  const remindedRenewed = reminders.filter((reminder) =>
    history.orderLicenses.some((link) => {
      const order = history.orders.find((candidate) => candidate.id === link.order_id)!;
      const gap = time(order.created_at) - time(reminder.created_at);
      return (
        link.license_id === reminder.license_id &&
        link.change === 'extended' &&
        PAID.has(String(order.status)) &&
        gap >= 0 &&
        gap <= 7 * DAY
      );
    }),
  ).length;
  const running = (rows: History['licenses'], at: number): number =>
    rows.filter((row) => time(row.created_at) <= at && time(row.expired_date) > at).length;
  const deviceEvents = history.events.filter(
    (event) =>
      event.device_id !== null &&
      ['activated', 'validation_failed', 'rate_limited', 'deactivated'].includes(String(event.type)),
  );
  const seen = new Map<string, Set<unknown>>();
  for (const event of deviceEvents) {
    if (!inPeriod(time(event.at))) continue;
    const slot = `${String(event.license_id)}|${dayOf(time(event.at))}`;
    seen.set(slot, (seen.get(slot) ?? new Set()).add(event.device_id));
  }
  const codes = new Map<string, number>();
  const periodEvents = history.events.filter((event) => inPeriod(time(event.at)));
  for (const event of periodEvents.filter((row) => row.type === 'validation_failed')) {
    const code = (JSON.parse(String(event.data)) as { code: string }).code;
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  const activations = periodEvents.filter((event) => event.type === 'activated');
  const [firstDay, lastDay] = [dayOf(period.from), dayOf(period.to - 1)];
  const sighted = history.sightings.filter((row) => String(row.day) >= firstDay && String(row.day) <= lastDay);
  const widely = new Map<string, { ips: Set<unknown>; devices: Set<unknown>; validations: number; refusals: number }>();
  for (const row of sighted) {
    const slot = `${String(row.license_id)}|${String(row.day)}`;
    const entry = widely.get(slot) ?? { ips: new Set(), devices: new Set(), validations: 0, refusals: 0 };
    entry.ips.add(row.ip);
    entry.devices.add(row.device_id);
    entry.validations += Number(row.validations);
    entry.refusals += Number(row.refusals);
    widely.set(slot, entry);
  }
  return {
    period: { key, from: iso(period.from), to: iso(period.to), bucket: period.bucket, time_zone: 'Asia/Jakarta' },
    revenue: {
      buckets: period.buckets.map((bucket) => {
        const rows = paid.filter(
          (order) => time(order.created_at) >= bucket.start && time(order.created_at) < bucket.end,
        );
        return {
          start: iso(bucket.start),
          end: iso(bucket.end),
          day: dayOf(bucket.start),
          orders: rows.length,
          revenue_idr: sum(rows),
        };
      }),
      paid: { orders: periodPaid.length, revenue_idr: sum(periodPaid) },
      average_order_idr: periodPaid.length ? Math.round(sum(periodPaid) / periodPaid.length) : 0,
      needs_review: { orders: review.length, amount_idr: sum(review) },
      resolved_by_hand: {
        orders: resolved.length,
        revenue_idr: sum(resolved),
        list: resolved.slice(0, 50).map((order) => ({
          id: order.id,
          ref_id: order.ref_id,
          amount_idr: order.amount_idr,
          resolved_by_hand_at: order.resolved_by_hand_at,
        })),
      },
      first_purchases: { orders: periodPaid.length - renewals.length, revenue_idr: sum(periodPaid) - sum(renewals) },
      renewals: { orders: renewals.length, revenue_idr: sum(renewals) },
      plans: [...plans.values()]
        .map((plan) => ({
          plan_id: plan.plan_id,
          plan_name: plan.plan_name,
          orders: plan.orders.size,
          revenue_idr: plan.revenue_idr,
        }))
        .sort((a, b) => b.revenue_idr - a.revenue_idr || String(a.plan_id).localeCompare(String(b.plan_id))),
    },
    renewals: {
      expiring: movedOld.length + standing.length,
      renewed,
      lapsed,
      pending: standing.length - lapsedNow,
      rate: renewed + lapsed === 0 ? null : renewed / (renewed + lapsed),
      reminders_sent: reminders.length,
      reminded_renewed: remindedRenewed,
    },
    trials: { started: 0, activated: 0, converted: 0, refused: 0 },
    active: period.buckets
      .filter((bucket) => Math.min(bucket.end, now) <= now)
      .map((bucket) => {
        const at = Math.min(bucket.end, now);
        return {
          at: iso(at),
          day: dayOf(bucket.start),
          licenses: running(history.licenses, at),
          loopstreams: running(history.loopstreams, at),
        };
      }),
    expiring_soon: history.licenses
      .filter((license) => time(license.expired_date) > now && time(license.expired_date) <= now + 30 * DAY)
      .sort((a, b) => time(a.expired_date) - time(b.expired_date) || Number(a.id) - Number(b.id))
      .map((license) => ({
        id: license.id,
        license_key: license.license_key,
        email: license.email,
        app_type: license.app_type,
        expired_date: license.expired_date,
        // The seeded history holds no free trials (test/http/insights-trials.test.ts counts them).
        trial: false,
      })),
    health: {
      refusals: [...codes]
        .map(([code, count]) => ({ code, count }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
      rate_limited: periodEvents.filter((event) => event.type === 'rate_limited').length,
      activations: activations.length,
      devices_moved: periodEvents.filter((event) => event.type === 'deactivated' || event.type === 'admin_unbound')
        .length,
      sharing: [...seen]
        .filter(([, devices]) => devices.size >= 3)
        .map(([slot, devices]) => {
          const [id, day] = slot.split('|') as [string, string];
          return {
            license_id: Number(id),
            license_key: history.licenses.find((license) => license.id === Number(id))?.license_key ?? null,
            day,
            devices: devices.size,
          };
        })
        .sort((a, b) => b.devices - a.devices || b.day.localeCompare(a.day) || a.license_id - b.license_id),
      validations: {
        answered: sighted.reduce((total, row) => total + Number(row.validations), 0),
        refused: sighted.reduce((total, row) => total + Number(row.refusals), 0),
      },
      seen_widely: [...widely]
        .filter(([, entry]) => entry.ips.size >= 3 || entry.devices.size >= 3)
        .map(([slot, entry]) => {
          const [id, day] = slot.split('|') as [string, string];
          return {
            license_id: Number(id),
            license_key: history.licenses.find((license) => license.id === Number(id))?.license_key ?? null,
            day,
            addresses: entry.ips.size,
            devices: entry.devices.size,
            validations: entry.validations,
            refusals: entry.refusals,
          };
        })
        .sort(
          (a, b) =>
            b.addresses - a.addresses ||
            b.devices - a.devices ||
            b.day.localeCompare(a.day) ||
            a.license_id - b.license_id,
        )
        .slice(0, 100),
    },
  };
}
