/**
 * Pages of the activity log, newest first (time, then id), filtered by who, what, object and
 * period. Each filter has an index ending in (at, id) (see the migrations), so a page reads one
 * index range and the count stays an index count, at 500,000 entries too.
 */
import { ACTIVITY_COUNT_MAX, pageCount } from '../../contract/rules/paging';
import type { ActivityAction, ActivityActorKind, ActivityObjectType } from '../../contract/rules/activity-words';
import type { Sql, SqlValue } from '../store';

export type ActivityRow = {
  id: number;
  at: string;
  actor: ActivityActorKind;
  actor_label: string | null;
  ip: string | null;
  action: ActivityAction;
  object_type: ActivityObjectType | null;
  object_id: string | null;
  summary: string;
  before_json: string | null;
  after_json: string | null;
};

export type ActivityFilter = {
  actor?: ActivityActorKind;
  /** The username or e-mail, matched whole in any case. */
  who?: string;
  action?: ActivityAction;
  objectType?: ActivityObjectType;
  /** Only with objectType. */
  objectId?: string;
  /** UTC ISO times: from included, to excluded. */
  from?: string;
  to?: string;
};

/** `total` counts at most ACTIVITY_COUNT_MAX matches; `more` says there are more (older) ones. */
export type ActivityPage = { rows: ActivityRow[]; total: number; pages: number; more: boolean };

function conditions(filter: ActivityFilter): { where: string; params: SqlValue[] } {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const add = (sql: string, value: SqlValue): void => {
    where.push(sql);
    params.push(value);
  };
  if (filter.actor) add('actor = ?', filter.actor);
  if (filter.who) add('lower(actor_label) = ?', filter.who.toLowerCase());
  if (filter.action) add('action = ?', filter.action);
  if (filter.objectType) add('object_type = ?', filter.objectType);
  if (filter.objectType && filter.objectId !== undefined) add('object_id = ?', filter.objectId);
  if (filter.from) add('at >= ?', filter.from);
  if (filter.to) add('at < ?', filter.to);
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

export async function findActivityPage(
  db: Sql,
  filter: ActivityFilter,
  page: number,
  perPage: number,
): Promise<ActivityPage> {
  const { where, params } = conditions(filter);
  const counted =
    (
      await db.get<{ n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM activity_log ${where} LIMIT ${ACTIVITY_COUNT_MAX + 1}) AS matches`,
        params,
      )
    )?.n ?? 0;
  const more = counted > ACTIVITY_COUNT_MAX;
  const total = Math.min(counted, ACTIVITY_COUNT_MAX);
  const pages = pageCount(total, perPage);
  const offset = (page - 1) * perPage;
  if (offset >= total) return { rows: [], total, pages, more };
  // A page near the oldest end of all the matches is read from that end, so no page skips more than half of them.
  const limit = Math.min(perPage, total - offset);
  const fromEnd = total - offset - limit;
  const backwards = !more && fromEnd < offset;
  const order = backwards ? 'ASC' : 'DESC';
  const rows = await db.all<ActivityRow>(
    `SELECT * FROM activity_log ${where} ORDER BY at ${order}, id ${order} LIMIT ? OFFSET ?`,
    [...params, limit, backwards ? fromEnd : offset],
  );
  return { rows: backwards ? rows.reverse() : rows, total, pages, more };
}
