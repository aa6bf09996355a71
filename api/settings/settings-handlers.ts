/** The admin's settings (docs/spec.md#settings): list, initialize defaults, set, update, template preview. */
import * as calls from '../../contract/calls/settings';
import { findSettingById, insertMissingSettings, listSettings, setSetting, updateSetting } from '../../data/settings';
import { addDays } from '../shared/date-time';
import { endOfDay } from '../../contract/rules/shop-time';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedBody, checkedFields } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/read-body';
import { generateLicenseKey } from '../licenses';
import { fillTemplate, messageSettingKeys, templateValues } from '../messages/license-message';
import { settingDefaults } from '../messages/message-settings';
import { renewLink } from '../messages/mail-messages';
import { loadMessageSettings } from '../messages/load-settings';
import { renewUrlFor } from '../shared/plans';
import { listPlans } from '../../data/storefront-plans';
import type { SettingChange } from '../../data/settings';
import type { Transaction } from '../../data/store';
import { adminActor } from '../shared/activity-actor';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';
import { settingChanged, settingsInitialized } from './setting-activity';
import { isHttpAddress, isUrlKey } from '../../contract/rules/addresses';

const PREVIEW_DAYS = 30;
const notFound = (): HttpError => new HttpError(404, 'Configuration not found');

/** Links end up in licence messages customers click: keys containing `url` hold an http(s) address. */
function checkValue(key: string, value: string): string {
  if (isUrlKey(key) && !isHttpAddress(value)) {
    throw new HttpError(400, 'config_value of a url key must be an http:// or https:// address');
  }
  return value;
}

export async function list(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listSettings>> {
  return { success: true, configs: await listSettings(ctx.db) };
}

export async function timeZone(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.shopTimeZone>> {
  return { success: true, time_zone: ctx.config.timeZone };
}

export async function initialize(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.initializeSettings>> {
  // The defaults are the server's own: a body is read only so a broken one is refused.
  await readJson(req);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const created = await insertMissingSettings(ctx.db, settingDefaults(), now, (tx, rows) =>
    recordChangeIn(tx, by, now, settingsInitialized(rows)),
  );
  return { success: true, message: 'Default configurations initialized successfully!', created };
}

export async function set(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.setSetting>> {
  const body = await checkedBody(req, calls.setSetting);
  const value = checkValue(body.config_key, body.config_value);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const setting = await setSetting(
    ctx.db,
    { config_key: body.config_key, config_value: value, description: body.description },
    now,
    (tx, change) => recordSettingChange(tx, by, now, change),
  );
  return { success: true, message: 'Configuration saved successfully!', config: setting };
}

export async function update(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.updateSetting>> {
  const id = idParam(req);
  const raw = await readJson(req);
  const existing = await findSettingById(ctx.db, id);
  if (!existing) throw notFound();
  const body = checkedFields(calls.updateSetting, raw);
  if (body.config_key !== undefined && body.config_key !== existing.config_key)
    throw new HttpError(400, 'config_key cannot be changed');
  const value = checkValue(existing.config_key, body.config_value);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const setting = await updateSetting(
    ctx.db,
    id,
    { config_value: value, description: body.description },
    now,
    (tx, change) => recordSettingChange(tx, by, now, change),
  );
  if (!setting) throw notFound();
  return { success: true, message: 'Configuration saved successfully!', config: setting };
}

async function recordSettingChange(tx: Transaction, by: ActivityActor, at: string, change: SettingChange) {
  const entry = settingChanged(change);
  if (entry) await recordChangeIn(tx, by, at, entry);
}

export async function preview(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.previewTemplate>> {
  const body = await checkedBody(req, calls.previewTemplate);
  const appType = body.app_type || 'loopbot';
  if (body.template.trim() === '') return { success: true, preview: '' };
  const settings = await loadMessageSettings(ctx, messageSettingKeys(appType));
  const expiry = endOfDay(addDays(ctx.now().toISOString(), PREVIEW_DAYS), ctx.config.timeZone);
  const values: Record<string, string> = templateValues(
    appType,
    generateLicenseKey(appType),
    expiry,
    settings,
    ctx.config.timeZone,
  );
  // A licence with no order behind it: the reminder carries the fallback plan's checkout link.
  if (body.kind === 'reminder')
    values.renew_url = renewLink(
      renewUrlFor(await listPlans(ctx.db), { app_type: appType, plan_id: null }),
      appType,
      settings,
    );
  return { success: true, preview: fillTemplate(body.template, values) };
}
