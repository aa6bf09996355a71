/** The activity log's calls: the whole log and one licence's entries, newest first (docs/spec.md#activity-log). */
import * as calls from '../../contract/calls/activity';
import { ACTIVITY_LIST } from '../../contract/rules/paging';
import { findActivityPage } from '../../data/activity/activity-page';
import { findLicenseById } from '../../data/licenses/licenses';
import type { ActivityFilter, ActivityRow } from '../../data/activity/activity-page';
import { storedJson } from '../shared/stored-json';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readListQuery } from '../http/list-query';
import { addDays, midnight } from '../shared/period-range';

type Page = calls.ActivityPage;

export function entryView(row: ActivityRow): calls.ActivityEntry {
  const { before_json, after_json, ...rest } = row;
  return { ...rest, before: storedJson(before_json), after: storedJson(after_json) };
}

/** A shop day (`2026-11-27`, checked by the contract's pattern) that exists on the calendar, else 400. */
function shopDay(text: string | undefined, name: string): string | undefined {
  const day = text?.trim();
  if (!day) return undefined;
  if (addDays(day, 0) !== day) throw new HttpError(400, calls.notAShopDay(name));
  return day;
}

async function page(
  ctx: AppContext,
  filter: ActivityFilter,
  query: { page?: string; per_page?: string },
): Promise<Page> {
  const { page, perPage } = readListQuery(query, ACTIVITY_LIST);
  const found = await findActivityPage(ctx.db, filter, page, perPage);
  return {
    success: true,
    entries: found.rows.map(entryView),
    total: found.total,
    more: found.more,
    pages: found.pages,
    page,
    per_page: perPage,
  };
}

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listActivity>> {
  const query = checkedQuery(req, calls.listActivity);
  const zone = ctx.config.timeZone;
  const from = shopDay(query.from, 'from');
  const to = shopDay(query.to, 'to');
  if (from && to && to < from) throw new HttpError(400, 'to must not be before from');
  const objectId = query.object_id?.trim();
  if (objectId && !query.object_type) throw new HttpError(400, 'object_id needs object_type');
  const filter: ActivityFilter = {
    actor: query.actor,
    who: query.who?.trim() || undefined,
    action: query.action,
    objectType: query.object_type,
    objectId: objectId || undefined,
    from: from && midnight(from, zone),
    to: to && midnight(addDays(to, 1), zone),
  };
  return page(ctx, filter, query);
}

export async function licenseEntries(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.licenseActivity>> {
  const id = idParam(req);
  const query = checkedQuery(req, calls.licenseActivity);
  const answer = await page(ctx, { objectType: 'license', objectId: String(id) }, query);
  const license = (await findLicenseById(ctx.db, id, ctx.now().toISOString())) ?? null;
  // A deleted licence keeps its entries; an id that never existed is not found.
  if (answer.total === 0 && !license) throw new HttpError(404, 'License not found');
  return { ...answer, license };
}
