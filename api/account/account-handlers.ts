/**
 * What a signed-in buyer reads and does on /lisensi (docs/spec.md#buyer-account). Every record is
 * looked up by id AND the session's address: another buyer's id is 404, exactly like an unknown one.
 */
import * as calls from '../../contract/calls/account';
import {
  buyerLicense,
  buyerLicenses,
  buyerLoopstream,
  buyerLoopstreams,
  buyerOrders,
  licenseHistoryEvents,
  licenseReminderTimes,
} from '../../data/buyer-records';
import type { BuyerLicenseRow } from '../../data/buyer-records';
import { addLicenseEvent, recordLicenseEventIn } from '../../data/licenses/events';
import type { LicenseEventType } from '../../data/licenses/events';
import { enqueueMailIn } from '../../data/outbox';
import { listPlans } from '../../data/storefront-plans';
import { trialLicenseIds } from '../../data/trials';
import { buyerActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import type { AppContext } from '../context';
import { HANDLED, idParam } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { sendTextDownload } from '../http/text-download';
import { readAccessCredentials } from '../shared/loopstream-access';
import { loopstreamFile } from '../shared/loopstream-file';
import { licenseMessage, messageSettingKeys } from '../messages/license-message';
import { mailSettingKeys } from '../messages/mail-messages';
import { licenseMailFor } from '../messages/license-mail-for';
import { loadMessageSettings } from '../messages/load-settings';
import { CONTACT_KEY, DOWNLOAD_URL_KEY } from '../messages/message-settings';
import { accountLicense, accountLoopstream, accountOrder } from './account-view';
import { accountUrl } from '../shared/account-url';
import { buyerOf } from './buyer-guard';
import { tooManyRequests } from './buyer-services';
import { licenseHistory } from './history-text';

export const notFound = (): HttpError => new HttpError(404, 'Not found');
/** The buyer's side of "the owner has not set the default LoopStream login yet": nothing for them to do but wait or ask. */
export const ACCESS_FILE_NOT_READY =
  'File akses LoopStream belum bisa diunduh: admin masih menyiapkan data masuk server Anda. Coba lagi nanti, atau hubungi admin.';

/** The buyer's licence named by the path, or 404. */
export async function ownLicense(req: ApiRequest, ctx: AppContext): Promise<BuyerLicenseRow> {
  const license = await buyerLicense(ctx.db, buyerOf(req).email, idParam(req));
  if (!license) throw notFound();
  return license;
}

/** Records what the buyer did in the licence's history, visible to the owner among its events. */
export async function recordBuyerAction(
  ctx: AppContext,
  license: BuyerLicenseRow,
  type: LicenseEventType,
  data: Record<string, unknown> = {},
): Promise<void> {
  await addLicenseEvent(ctx.db, {
    license_id: license.id,
    type,
    actor: 'buyer',
    device_id: null,
    at: ctx.now().toISOString(),
    data,
  });
}

export async function overview(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.getAccount>> {
  const { email } = buyerOf(req);
  const now = ctx.now();
  const [licenses, loopstreams, orders, plans, settings, credentials] = await Promise.all([
    buyerLicenses(ctx.db, email),
    buyerLoopstreams(ctx.db, email),
    buyerOrders(ctx.db, email),
    listPlans(ctx.db),
    loadMessageSettings(ctx, [DOWNLOAD_URL_KEY.loopbot]),
    readAccessCredentials(ctx.db),
  ]);
  const trials = await trialLicenseIds(
    ctx.db,
    licenses.map((license) => license.id),
  );
  const context = { now, plans, trials, config: ctx.config };
  const whatsapp = settings.get(CONTACT_KEY.whatsapp_url) ?? '';
  const download = settings.get(DOWNLOAD_URL_KEY.loopbot)?.trim() ?? '';
  return {
    success: true,
    email,
    licenses: await Promise.all(licenses.map((license) => accountLicense(ctx.db, license, context))),
    loopstreams: loopstreams.map((row) => accountLoopstream(row, now, credentials !== undefined)),
    orders: orders.map(accountOrder),
    support_whatsapp_url: whatsapp === '' ? null : whatsapp,
    download_url: download === '' ? null : download,
  };
}

export async function history(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.accountLicenseHistory>> {
  const license = await ownLicense(req, ctx);
  const [events, reminders] = await Promise.all([
    licenseHistoryEvents(ctx.db, license.id),
    licenseReminderTimes(ctx.db, license.id),
  ]);
  return { success: true, history: licenseHistory(events, reminders, ctx.config.timeZone) };
}

export async function reveal(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.revealAccountLicense>> {
  const license = await ownLicense(req, ctx);
  await recordBuyerAction(ctx, license, 'key_revealed');
  return { success: true, license_key: license.license_key };
}

export async function downloadLicense(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.downloadAccountLicense>> {
  const license = await ownLicense(req, ctx);
  const settings = await loadMessageSettings(ctx, messageSettingKeys(license.app_type));
  await recordBuyerAction(ctx, license, 'downloaded');
  sendTextDownload(
    req,
    `${license.license_key}.txt`,
    licenseMessage(license, settings, ctx.config.timeZone, accountUrl(ctx.config)),
  );
  return HANDLED;
}

export async function downloadLoopstream(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.downloadAccountLoopstream>> {
  const row = await buyerLoopstream(ctx.db, buyerOf(req).email, idParam(req));
  if (!row) throw notFound();
  const credentials = await readAccessCredentials(ctx.db);
  if (!credentials) throw new HttpError(409, ACCESS_FILE_NOT_READY);
  const file = loopstreamFile(row, credentials, ctx.config.timeZone);
  sendTextDownload(req, file.fileName, file.text);
  return HANDLED;
}

export async function emailAgain(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.emailAccountLicense>> {
  const license = await ownLicense(req, ctx);
  const wait = await ctx.buyers.resendsPerLicense.hit(license.id);
  if (wait > 0) throw tooManyRequests(wait, 'pengiriman ulang untuk lisensi ini');
  const settings = await loadMessageSettings(ctx, mailSettingKeys(license.app_type));
  const mail = await licenseMailFor(ctx.db, license, settings, ctx.config.timeZone, accountUrl(ctx.config));
  const at = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await enqueueMailIn(tx, { kind: 'license', to_address: license.email, ...mail, license_id: license.id }, at);
    await recordLicenseEventIn(tx, {
      license_id: license.id,
      type: 'mail_resent',
      actor: 'buyer',
      device_id: null,
      at,
      data: {},
    });
    await recordChangeIn(tx, buyerActor(req, buyerOf(req).email), at, {
      action: 'mail.resent',
      objectType: 'license',
      objectId: String(license.id),
      summary: `licence e-mail sent again to ${license.email} at the buyer's request on /lisensi`,
      before: null,
      after: null,
    });
  });
  ctx.mail.queued();
  return { success: true, message: `E-mail lisensi sedang dikirim ke ${license.email}.` };
}
