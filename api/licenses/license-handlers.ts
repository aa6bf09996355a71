/** The admin's licence calls: list, create, download, delete, audit trail, dashboard counts. */
import { trialStats } from '../../data/trial-figures';
import * as calls from '../../contract/calls/licenses';
import { LICENSE_LIST } from '../../contract/rules/paging';
import { listLicenseEvents } from '../../data/licenses/events';
import { findLicensePage } from '../../data/licenses/page';
import {
  createLicense,
  deleteLicense,
  findLicenseById,
  findLicenseByKey,
  listLicenses,
} from '../../data/licenses/licenses';
import { licenseStats } from '../../data/licenses/stats';
import { parseDateTime } from '../shared/date-time';
import { storedJson } from '../shared/stored-json';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED, idParam } from '../http/api-request';
import { checkedBody, checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readListQuery } from '../http/list-query';
import { sendTextDownload } from '../http/text-download';
import { licenseMessage, messageSettingKeys } from '../messages/license-message';
import { loadMessageSettings } from '../messages/load-settings';
import { hashLicenseKey, normalizeLicenseKey } from './license-keys';
import { accountUrl } from '../shared/account-url';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { licenseCreated, licenseDeleted } from './license-activity';
import { drawNewLicense } from './new-loopbot-license';

export const licenseNotFound = (): HttpError => new HttpError(404, 'License not found');

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listLicenses>> {
  const now = ctx.now().toISOString();
  const query = checkedQuery(req, calls.listLicenses);
  if (
    query.search === undefined &&
    query.status === undefined &&
    query.page === undefined &&
    query.per_page === undefined
  ) {
    return { success: true, licenses: await listLicenses(ctx.db, now) };
  }
  const { search, page, perPage } = readListQuery(query, LICENSE_LIST);
  const result = await findLicensePage(ctx.db, { search, status: query.status, page, perPage, now });
  return {
    success: true,
    licenses: result.licenses,
    total: result.total,
    pages: result.pages,
    page,
    per_page: perPage,
  };
}

export async function create(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.createLicense>> {
  const body = await checkedBody(req, calls.createLicense);
  const appType = body.app_type || 'loopbot';
  const expiredDate = parseDateTime(body.expired_date, 'expired_date');
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const license = await createLicense(
    ctx.db,
    drawNewLicense(appType, body.email, expiredDate),
    now,
    undefined,
    undefined,
    (tx, row) => recordChangeIn(tx, by, now, licenseCreated(row)),
  );
  if (!license) throw new HttpError(503, 'Could not generate a unique license key, please try again');
  return { success: true, message: 'License created successfully!', license };
}

export async function download(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.downloadLicense>> {
  const key = normalizeLicenseKey(req.params.license_key ?? '');
  const license =
    key === '' ? undefined : await findLicenseByKey(ctx.db, key, hashLicenseKey(key), ctx.now().toISOString());
  if (!license) throw licenseNotFound();
  const settings = await loadMessageSettings(ctx, messageSettingKeys(license.app_type));
  sendTextDownload(
    req,
    `${license.license_key}.txt`,
    licenseMessage(license, settings, ctx.config.timeZone, accountUrl(ctx.config)),
  );
  return HANDLED;
}

export async function remove(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deleteLicense>> {
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const deleted = await deleteLicense(ctx.db, idParam(req), now, (tx, row) =>
    recordChangeIn(tx, by, now, licenseDeleted(row)),
  );
  if (!deleted) throw licenseNotFound();
  return { success: true, message: 'License deleted successfully!' };
}

export async function dashboard(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.dashboard>> {
  const now = ctx.now().toISOString();
  return { success: true, stats: { ...(await licenseStats(ctx.db, now)), ...(await trialStats(ctx.db, now)) } };
}

export async function events(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.licenseEvents>> {
  const id = idParam(req);
  const rows = await listLicenseEvents(ctx.db, id);
  // A deleted licence keeps its audit trail; an id that never existed is not found.
  if (rows.length === 0 && !(await findLicenseById(ctx.db, id, ctx.now().toISOString()))) throw licenseNotFound();
  return { success: true, events: rows.map((row) => ({ ...row, data: storedJson(row.data) })) };
}
