/** The owner's Insights view: figures for a period in the shop's time zone, and its CSV exports. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS } from './errors';
import { APP_TYPES } from '../rules/vocabulary';
import { CSV_TABLES, INSIGHT_BUCKETS, INSIGHT_PERIODS, RENEWAL_GRACE_DAYS } from '../rules/insight-periods';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OneOf } from './schema';

const Count = Type.Integer({ minimum: 0 });
const Rupiah = Type.Integer({ description: 'Whole rupiah' });
const Period = OneOf(INSIGHT_PERIODS, {
  'x-trim': true,
  'x-invalid': 'period must be 7d, 30d, 90d, 365d, this_month or last_month',
});

const Bucket = Answer({
  start: IsoDateTime,
  end: IsoDateTime,
  day: Type.String({ description: 'The shop day the bucket starts on (`2026-11-01`)' }),
  orders: Count,
  revenue_idr: Rupiah,
});

const Sale = Answer({ orders: Count, revenue_idr: Rupiah });

const PlanSale = Answer({
  plan_id: Nullable(Type.String()),
  plan_name: Type.String({ description: 'The plan’s name when the order came in; `No plan` for unmatched items' }),
  orders: Count,
  revenue_idr: Type.Integer({ description: 'Item price × quantity, as the marketplace reported them' }),
});

const Point = Answer({ at: IsoDateTime, day: Type.String(), licenses: Count, loopstreams: Count });

const Expiring = Answer({
  id: Type.Integer(),
  license_key: Type.String(),
  email: Type.String(),
  app_type: OneOf(APP_TYPES),
  expired_date: IsoDateTime,
  trial: Type.Boolean({ description: 'A free trial, not a paid licence' }),
});

const Shared = Answer({
  license_id: Type.Integer(),
  license_key: Nullable(Type.String()),
  day: Type.String(),
  devices: Count,
});

const Sighted = Answer({
  license_id: Type.Integer(),
  license_key: Nullable(Type.String()),
  day: Type.String(),
  addresses: Count,
  devices: Count,
  validations: Type.Integer({ description: 'Validations answered that day' }),
  refusals: Type.Integer({ description: 'Validations of the key refused that day' }),
});

export const Insights = Answer(
  {
    period: Answer({
      key: Period,
      from: IsoDateTime,
      to: IsoDateTime,
      bucket: OneOf(INSIGHT_BUCKETS),
      time_zone: Type.String(),
    }),
    revenue: Answer({
      buckets: Type.Array(Bucket),
      paid: Sale,
      average_order_idr: Rupiah,
      needs_review: Answer(
        { orders: Count, amount_idr: Rupiah },
        { description: 'Orders under review that delivered nothing (yet): not counted in the revenue' },
      ),
      resolved_by_hand: Answer(
        {
          orders: Count,
          revenue_idr: Rupiah,
          list: Type.Array(
            Answer({ id: Type.Integer(), ref_id: Type.String(), amount_idr: Rupiah, resolved_by_hand_at: IsoDateTime }),
            { description: 'Which ones (newest first, at most 50)' },
          ),
        },
        {
          description:
            'Orders under review that the owner resolved ("Issue licence", "Set up LoopStream", a passing "Process again"): counted in `paid`',
        },
      ),
      first_purchases: Sale,
      renewals: Answer(
        { orders: Count, revenue_idr: Rupiah },
        { description: 'Paid orders that extended a licence the buyer had' },
      ),
      plans: Type.Array(PlanSale),
    }),
    renewals: Answer({
      expiring: Count,
      renewed: Type.Integer({
        description: `Extended by a paid order before the expiry or within ${RENEWAL_GRACE_DAYS} days after it`,
      }),
      lapsed: Type.Integer({ description: `Not renewed within ${RENEWAL_GRACE_DAYS} days` }),
      pending: Type.Integer({
        description: `Expired less than ${RENEWAL_GRACE_DAYS} days ago (or not yet): may still renew`,
      }),
      rate: Nullable(Type.Number({ description: 'renewed / (renewed + lapsed); null when both are 0' })),
      reminders_sent: Count,
      reminded_renewed: Type.Integer({
        description: `Reminded licences a paid order extended within ${RENEWAL_GRACE_DAYS} days of the reminder`,
      }),
    }),
    trials: Answer(
      {
        started: Count,
        activated: Type.Integer({ description: 'Of those started, activated on a device' }),
        converted: Type.Integer({
          description: 'Of those started, whose buyer later paid an order that delivered a licence',
        }),
        refused: Type.Integer({
          description:
            'Of those started, refused by the app (TRIAL_ALREADY_USED: the device had a trial) and never activated',
        }),
      },
      { description: 'Free trials started in the period, counted apart from paid licences, and how far each went' },
    ),
    active: Type.Array(Point, {
      description: 'Licences and LoopStream accesses running at the end of each bucket (today: now)',
    }),
    expiring_soon: Type.Array(Expiring, {
      description: 'Licences ending in the next 30 days, soonest first (at most 200)',
    }),
    health: Answer({
      refusals: Type.Array(Answer({ code: Type.String(), count: Count }), {
        description: 'Refused desktop-app calls by code',
      }),
      rate_limited: Count,
      activations: Count,
      devices_moved: Type.Integer({
        description: 'Devices released so the key can move: the app’s deactivation or the owner’s unbind',
      }),
      sharing: Type.Array(Shared, { description: 'Keys seen from 3 or more devices in one shop day' }),
      validations: Answer(
        { answered: Count, refused: Count },
        { description: 'The desktop app’s validations of known keys (sightings are kept 92 days)' },
      ),
      seen_widely: Type.Array(Sighted, {
        description: 'Keys validated from 3 or more addresses or 3 or more devices in one shop day (at most 100)',
      }),
    }),
  },
  { title: 'Insights' },
);
export type Insights = Static<typeof Insights>;

export const getInsights = defineCall({
  id: 'getInsights',
  method: 'GET',
  path: '/api/insights',
  auth: 'admin',
  tag: 'Insights',
  summary: 'Revenue, renewals, active licences, expiries and licence health for a period',
  description: 'Periods and buckets are cut at midnight in the shop’s time zone.',
  query: Type.Object({ period: Type.Optional(Period) }),
  answers: { 200: Answer({ success: Type.Literal(true), insights: Insights }), 400: ErrorAnswer, ...ADMIN_READ_ERRORS },
});

export const exportInsightsCsv = defineCall({
  id: 'exportInsightsCsv',
  method: 'GET',
  path: '/api/insights/export',
  auth: 'admin',
  tag: 'Insights',
  summary: 'Orders, licences, LoopStream records or the outbox of a period as CSV',
  description:
    'UTF-8 with a BOM, dates in the shop’s time zone, whole rupiah; cells starting with = + - @ are prefixed with a quote.',
  query: Type.Object({
    table: OneOf(CSV_TABLES, { 'x-trim': true, 'x-invalid': 'table must be orders, licenses, loopstreams or outbox' }),
    period: Type.Optional(Period),
  }),
  answers: {
    200: { file: 'text/csv', description: 'One row per record created in the period' },
    400: ErrorAnswer,
    ...ADMIN_READ_ERRORS,
  },
});
