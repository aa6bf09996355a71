/** The Insights view's calls: the figures of a period, and its records as CSV. */
import * as calls from '../../contract/calls/insights';
import { DEFAULT_INSIGHT_PERIOD, EXPIRING_SOON_DAYS } from '../../contract/rules/insight-periods';
import type { InsightPeriod } from '../../contract/rules/insight-periods';
import { activeLine, expiringSoon } from '../../data/insights/active-line';
import { exportRows } from '../../data/insights/export-rows';
import { healthFigures } from '../../data/insights/health';
import { renewalFigures } from '../../data/insights/renewals';
import { ordersResolvedByHand, revenueByBucket, salesByPlan, salesTotals } from '../../data/insights/sales';
import type { Store } from '../../data/store';
import { trialFunnel } from '../../data/trial-figures';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { attachment } from '../http/text-download';
import { csvFile } from './csv-export';
import { periodRange } from '../shared/period-range';
import { DAY_MS } from '../../contract/rules/durations';

const EXPIRING_LIMIT = 200;
const RESOLVED_LIMIT = 50;

export async function insights(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.getInsights>> {
  const period = checkedQuery(req, calls.getInsights).period || DEFAULT_INSIGHT_PERIOD;
  return { success: true, insights: await buildInsights(ctx.db, period, ctx.now(), ctx.config.timeZone) };
}

/** The whole answer for a period (also what scripts/bench/bench-insights.ts times). */
export async function buildInsights(
  db: Store,
  key: InsightPeriod,
  clock: Date,
  timeZone: string,
): Promise<calls.Insights> {
  const period = periodRange(key, clock, timeZone);
  const now = clock.toISOString();
  const { from, to } = period;
  const buckets = await revenueByBucket(db, period.buckets);
  const totals = await salesTotals(db, from, to);
  const renewals = await renewalFigures(db, from, to, now);
  const until = new Date(clock.getTime() + EXPIRING_SOON_DAYS * DAY_MS).toISOString();
  const points = period.buckets.map((bucket) => ({ at: bucket.end < now ? bucket.end : now, day: bucket.day }));
  const { renewed, lapsed } = renewals;
  return {
    period: { key, from, to, bucket: period.bucket, time_zone: timeZone },
    revenue: {
      buckets,
      paid: totals.paid,
      average_order_idr: totals.paid.orders === 0 ? 0 : Math.round(totals.paid.revenue_idr / totals.paid.orders),
      needs_review: totals.needs_review,
      resolved_by_hand: {
        ...totals.resolved_by_hand,
        list: await ordersResolvedByHand(db, from, to, RESOLVED_LIMIT),
      },
      first_purchases: {
        orders: totals.paid.orders - totals.renewals.orders,
        revenue_idr: totals.paid.revenue_idr - totals.renewals.revenue_idr,
      },
      renewals: totals.renewals,
      plans: await salesByPlan(db, from, to),
    },
    renewals: { ...renewals, rate: renewed + lapsed === 0 ? null : renewed / (renewed + lapsed) },
    trials: await trialFunnel(db, from, to),
    active: await activeLine(db, points, now),
    expiring_soon: await expiringSoon(db, now, until, EXPIRING_LIMIT),
    health: await healthFigures(db, period, timeZone),
  };
}

export async function exportCsv(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.exportInsightsCsv>> {
  const query = checkedQuery(req, calls.exportInsightsCsv);
  const period = periodRange(query.period || DEFAULT_INSIGHT_PERIOD, ctx.now(), ctx.config.timeZone);
  const rows = await exportRows(ctx.db, query.table, period.from, period.to);
  const file = csvFile(query.table, rows, period, ctx.config.timeZone, ctx.now());
  const body = Buffer.from(file.text, 'utf8');
  req.res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': attachment(file.name),
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  req.res.end(req.method === 'HEAD' ? undefined : body);
  return HANDLED;
}
