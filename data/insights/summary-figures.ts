/**
 * The Insights figures read from the hourly summaries (data/insights/summary-migration.ts): whole
 * UTC hours of a span from `insight_hours`, the partial hours at its edges counted from the rows.
 * A year is then some thousands of summary rows per figure instead of every order and event.
 */
import type { SqlValue, Store } from '../store';
import { jsonField, orderItems, spanRange, withinDays } from './dialect';
import { PAID_ORDER_STATUSES_SQL } from '../order-status-sql';
import { DAY_MS, HOUR_MS } from '../../contract/rules/durations';
import { RENEWAL_GRACE_DAYS } from '../../contract/rules/insight-periods';

export const FIGURES = [
  'paid',
  'review',
  'by_hand',
  'renewal',
  'plan',
  'reminder',
  'reminder_renewed',
  'refusal',
  'rate_limited',
  'activated',
  'moved',
  'expiry_moved',
  'license_start',
  'license_end',
  'license_expiry',
  'loopstream_start',
  'loopstream_end',
] as const;
export type Figure = (typeof FIGURES)[number];

/** One item of a figure over a span: `item` a plan id, refusal code or renewal outcome ('' when none). */
export type Sum = { item: string; label: string; n: number; amount: number };
export type TimeSpan = { start: string; end: string };

/** docs/spec.md#order-statuses: revenue is every order that delivered something, by itself or by the owner's step. */
const COUNTED = `(o.status IN ${PAID_ORDER_STATUSES_SQL} OR o.resolved_by_hand_at IS NOT NULL)`;

/** Where a figure's rows are and how one counts them: the edges' counts, and the verify test's recount. */
export type Source = {
  from: string;
  time: string;
  where: string;
  item: string;
  label: string;
  n: string;
  amount: string;
};

export function figureSource(engine: Store['engine'], figure: Figure): Source {
  const plain = { item: "''", label: "''", n: 'count(*)', amount: '0' };
  const order = { ...plain, from: 'orders o', time: 'o.created_at', amount: 'sum(o.amount_idr)' };
  const event = (types: string, item = "''") => ({
    ...plain,
    from: 'license_events e',
    time: 'e.at',
    item,
    where: `e.type IN (${types})`,
  });
  const reminder = { ...plain, from: 'license_reminders r', time: 'r.created_at', where: '1 = 1' };
  const span = (table: string, time: string, running: boolean) => ({
    ...plain,
    from: `${table} t`,
    time: `t.${time}`,
    where: running ? 't.created_at < t.expired_date' : '1 = 1',
  });
  const old = jsonField(engine, 'e.data', 'old');
  switch (figure) {
    case 'paid':
      return { ...order, where: COUNTED };
    case 'review':
      return { ...order, where: "o.status = 'needs_review' AND o.resolved_by_hand_at IS NULL" };
    case 'by_hand':
      return { ...order, where: 'o.resolved_by_hand_at IS NOT NULL' };
    case 'renewal':
      return {
        ...order,
        where: `${COUNTED} AND EXISTS (SELECT 1 FROM order_licenses ol WHERE ol.order_id = o.id AND ol.change = 'extended')`,
      };
    case 'plan': {
      const items = orderItems(engine);
      return {
        from: items.from,
        time: 'o.created_at',
        where: COUNTED,
        item: `coalesce(${items.planId}, '')`,
        label: `coalesce(max(${items.planName}), '')`,
        n: 'count(DISTINCT o.id)',
        amount: `coalesce(sum(${items.total}), 0)`,
      };
    }
    case 'reminder':
      return reminder;
    case 'reminder_renewed':
      return {
        ...reminder,
        where: `EXISTS (SELECT 1 FROM order_licenses ol JOIN orders o ON o.id = ol.order_id
          WHERE ol.license_id = r.license_id AND ol.change = 'extended' AND o.status IN ${PAID_ORDER_STATUSES_SQL}
            AND o.created_at >= r.created_at AND ${withinDays(engine, 'o.created_at', 'r.created_at', RENEWAL_GRACE_DAYS)})`,
      };
    case 'refusal':
      return event("'validation_failed'", `coalesce(${jsonField(engine, 'e.data', 'code')}, '')`);
    case 'rate_limited':
    case 'activated':
      return event(`'${figure}'`);
    case 'moved':
      return event("'deactivated', 'admin_unbound'");
    case 'expiry_moved':
      return {
        ...event(
          "'expiry_changed'",
          `CASE WHEN ${withinDays(engine, 'e.at', old, RENEWAL_GRACE_DAYS)} THEN 'renewed' ELSE 'late' END`,
        ),
        time: old,
        where: `e.type = 'expiry_changed' AND e.actor = 'order' AND ${old} IS NOT NULL`,
      };
    case 'license_start':
      return span('licenses', 'created_at', true);
    case 'license_end':
      return span('licenses', 'expired_date', true);
    case 'license_expiry':
      return span('licenses', 'expired_date', false);
    case 'loopstream_start':
      return span('loopstreams', 'created_at', true);
    case 'loopstream_end':
      return span('loopstreams', 'expired_date', true);
  }
}

type Piece = { k: number; s: string; e: string };
type Pieces = { days: Piece[]; hours: Piece[]; parts: Piece[] };

const iso = (ms: number) => new Date(ms).toISOString();

/** [start, end) in ms as whole UTC hours (`2026-11-27T05`, end excluded) and the partial hours at its edges. */
function hourly(k: number, start: number, end: number, into: Pieces): void {
  if (!(start < end)) return;
  const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const last = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (first >= last) {
    into.parts.push({ k, s: iso(start), e: iso(end) });
    return;
  }
  into.hours.push({ k, s: iso(first).slice(0, 13), e: iso(last).slice(0, 13) });
  if (start < first) into.parts.push({ k, s: iso(start), e: iso(first) });
  if (last < end) into.parts.push({ k, s: iso(last), e: iso(end) });
}

/** Each span as its whole UTC days (`2026-11-27`), the whole hours around them, and the partial hours at its edges. */
export function slices(spans: readonly TimeSpan[]): Pieces {
  const pieces: Pieces = { days: [], hours: [], parts: [] };
  spans.forEach((span, k) => {
    const start = Date.parse(span.start);
    const end = Date.parse(span.end);
    if (!(start < end)) return;
    const first = Math.ceil(start / DAY_MS) * DAY_MS;
    const last = Math.floor(end / DAY_MS) * DAY_MS;
    if (first >= last) return hourly(k, start, end, pieces);
    pieces.days.push({ k, s: iso(first).slice(0, 10), e: iso(last).slice(0, 10) });
    hourly(k, start, first, pieces);
    hourly(k, last, end, pieces);
  });
  return pieces;
}

/**
 * The spans' VALUES come first (CROSS JOIN: SQLite keeps that order), each one an index range of
 * the summaries or rows; without statistics SQLite would scan the table and test every span.
 */
const values = (name: string, pieces: readonly Piece[]) => ({
  sql: `${name} (k, s, e) AS (VALUES ${pieces.map(() => '(?, ?, ?)').join(', ')})`,
  params: pieces.flatMap((piece) => [String(piece.k), piece.s, piece.e]),
});

type Row = { k: unknown; figure: Figure; item: string; label: string; n: unknown; amount: unknown };

/** Each figure's items over each span: `result[figure][span index]`. */
export async function figureSums<F extends Figure>(
  db: Store,
  figures: readonly F[],
  spans: readonly TimeSpan[],
): Promise<Record<F, Sum[][]>> {
  const { days, hours, parts } = slices(spans);
  const rows: Row[] = [];
  const named = figures.map(() => '?').join(', ');
  const summed = (pieces: Piece[], name: string, table: string, column: string) => ({
    ...values(name, pieces),
    select: `SELECT ${name}.k, x.figure, x.item, max(x.label) AS label, sum(x.n) AS n, sum(x.amount) AS amount
      FROM ${spanRange(db.engine, name, table, `x.figure IN (${named}) AND x.${column} >= ${name}.s AND x.${column} < ${name}.e`)}
      GROUP BY ${name}.k, x.figure, x.item`,
  });
  const read = [
    ...(days.length > 0 ? [summed(days, 'dd', 'insight_days', 'day')] : []),
    ...(hours.length > 0 ? [summed(hours, 'h', 'insight_hours', 'hour')] : []),
  ];
  if (read.length > 0)
    rows.push(
      ...(await db.all<Row>(
        `WITH ${read.map((piece) => piece.sql).join(', ')} ${read.map((piece) => piece.select).join(' UNION ALL ')}`,
        [...read.flatMap((piece) => piece.params), ...read.flatMap(() => figures)],
      )),
    );
  if (parts.length > 0) {
    const table = values('p', parts);
    const selects = figures.map((figure) => {
      const source = figureSource(db.engine, figure);
      return `SELECT p.k, '${figure}' AS figure, ${source.item} AS item, ${source.label} AS label, ${source.n} AS n, ${source.amount} AS amount
        FROM p CROSS JOIN ${source.from} WHERE ${source.time} >= p.s AND ${source.time} < p.e AND ${source.where}
        GROUP BY p.k${source.item === "''" ? '' : `, ${source.item}`}`;
    });
    rows.push(...(await db.all<Row>(`WITH ${table.sql} ${selects.join(' UNION ALL ')}`, table.params as SqlValue[])));
  }
  const result = Object.fromEntries(figures.map((figure) => [figure, spans.map(() => [] as Sum[])])) as Record<
    F,
    Sum[][]
  >;
  for (const row of rows) {
    const list = result[row.figure as F][Number(row.k)]!;
    const found = list.find((sum) => sum.item === row.item);
    const label = row.label ?? '';
    if (found) {
      found.n += Number(row.n);
      found.amount += Number(row.amount);
      if (label > found.label) found.label = label;
    } else list.push({ item: row.item, label, n: Number(row.n), amount: Number(row.amount) });
  }
  return result;
}

/** A figure's count and amount over its items. */
export const total = (sums: readonly Sum[]): { n: number; amount: number } =>
  sums.reduce((sum, item) => ({ n: sum.n + item.n, amount: sum.amount + item.amount }), { n: 0, amount: 0 });
