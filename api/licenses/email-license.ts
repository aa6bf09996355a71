/**
 * `POST /api/license/email/{id}`: the licence's e-mail queued for its address: the licence message,
 * as downloaded, or a free trial's own words while it is one.
 */
import type * as calls from '../../contract/calls/licenses';
import { findLicenseById } from '../../data/licenses/licenses';
import { enqueueMailIn } from '../../data/outbox';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { mailSettingKeys } from '../messages/mail-messages';
import { licenseMailFor } from '../messages/license-mail-for';
import { loadMessageSettings } from '../messages/load-settings';
import { licenseNotFound } from './license-handlers';
import { accountUrl } from '../shared/account-url';

export async function email(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.emailLicense>> {
  const now = ctx.now().toISOString();
  const license = await findLicenseById(ctx.db, idParam(req), now);
  if (!license) throw licenseNotFound();
  const settings = await loadMessageSettings(ctx, mailSettingKeys(license.app_type));
  const mail = await licenseMailFor(ctx.db, license, settings, ctx.config.timeZone, accountUrl(ctx.config));
  await ctx.db.transaction((tx) =>
    enqueueMailIn(tx, { kind: 'license', to_address: license.email, ...mail, license_id: license.id }, now),
  );
  ctx.mail.queued();
  const waiting = ctx.mail.configured ? '' : ' It waits in the outbox until SMTP_URL is configured.';
  return { success: true, message: `Licence e-mail to ${license.email} queued.${waiting}` };
}
