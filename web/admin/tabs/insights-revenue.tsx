import type { ReactElement } from 'react';
import type { Insights } from '../../../contract/calls/insights';
import { BarChart } from '../components/bar-chart';
import { FigureTable } from '../components/figure-table';
import { formatNumber } from '../format';
import { bucketLabel } from './insights-format';
import { formatRupiah } from '../../format';

const BUCKET_WORD = { day: 'day', week: 'week', month: 'month' } as const;

/** Revenue of the period: totals, the bars per bucket with their table, and the plans. */
export function InsightsRevenue({ data }: { data: Insights | null }): ReactElement {
  const revenue = data?.revenue;
  const bucket = data?.period.bucket ?? 'day';
  const bars = (revenue?.buckets ?? []).map((row) => ({ label: bucketLabel(row.day, bucket), value: row.revenue_idr }));
  const loading = data ? 'Nothing in this period.' : 'Loading…';
  const orders = (count: number): string => `${formatNumber(count)} order${count === 1 ? '' : 's'}`;
  // The labels and both lines stand while loading, so the figures arriving move nothing.
  const summary: [string, string | undefined, string | undefined][] = [
    ['Revenue', revenue && formatRupiah(revenue.paid.revenue_idr), revenue && orders(revenue.paid.orders)],
    ['Average order', revenue && formatRupiah(revenue.average_order_idr), 'paid orders'],
    [
      'First purchases',
      revenue && formatRupiah(revenue.first_purchases.revenue_idr),
      revenue && orders(revenue.first_purchases.orders),
    ],
    ['Renewals', revenue && formatRupiah(revenue.renewals.revenue_idr), revenue && orders(revenue.renewals.orders)],
    [
      'Resolved by hand',
      revenue && formatRupiah(revenue.resolved_by_hand.revenue_idr),
      revenue &&
        `${orders(revenue.resolved_by_hand.orders)}, counted${
          revenue.resolved_by_hand.list.length > 0
            ? `: ${revenue.resolved_by_hand.list.map((order) => order.ref_id).join(', ')}`
            : ''
        }`,
    ],
    [
      'Needs review',
      revenue && formatRupiah(revenue.needs_review.amount_idr),
      revenue && `${orders(revenue.needs_review.orders)}, not counted`,
    ],
  ];
  return (
    <section className="insight-section" aria-labelledby="insights-revenue">
      <h3 id="insights-revenue">Revenue</h3>
      <dl className="insight-figures">
        {summary.map(([label, value, sub]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
            <dd className="figure-sub">{sub ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <div className="insight-pair">
        <BarChart
          bars={bars}
          title={`Revenue per ${BUCKET_WORD[bucket]} (figures in the table)`}
          format={formatRupiah}
        />
        <FigureTable
          caption={`Revenue per ${BUCKET_WORD[bucket]}`}
          columns={[
            BUCKET_WORD[bucket] === 'day' ? 'Day' : BUCKET_WORD[bucket] === 'week' ? 'Week' : 'Month',
            'Orders',
            'Revenue',
          ]}
          rows={(revenue?.buckets ?? []).map((row) => [
            bucketLabel(row.day, bucket),
            formatNumber(row.orders),
            formatRupiah(row.revenue_idr),
          ])}
          empty={loading}
        />
      </div>
      <FigureTable
        caption="Per plan (item price × quantity)"
        columns={['Plan', 'Orders', 'Revenue']}
        rows={(revenue?.plans ?? []).map((plan) => [
          plan.plan_name,
          formatNumber(plan.orders),
          formatRupiah(plan.revenue_idr),
        ])}
        empty={loading}
      />
    </section>
  );
}
