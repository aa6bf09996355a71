/**
 * Issuing the free LoopBOT trial when its e-mailed link is opened (docs/spec.md#free-trial): one
 * per address ever, whatever its case, recorded in the same transaction as the licence, so two
 * links of one address opened at once on two instances issue one trial.
 */
import { formatDateForPeople, formatExpiryForCustomers } from '../../contract/rules/shop-time';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';
import { licenseSearchIndex } from '../../data/licenses/search';
import { enqueueMailIn } from '../../data/outbox';
import { findTrialByEmail, insertTrialIn } from '../../data/trials';
import { addDays } from '../shared/date-time';
import type { AppContext } from '../context';
import { insertLoopbotLicenseIn } from '../licenses';
import { mailSettingKeys, trialLicenseMail } from '../messages/mail-messages';
import { loadMessageSettings } from '../messages/load-settings';
import { accountUrl } from '../shared/account-url';
import { trialSettings } from './trial-settings';
import { inboxOf } from '../shared/inbox';

export type TrialOutcome = { issued: boolean; license_id: number | null; message: string };

export const TRIAL_USED =
  'Alamat e-mail ini sudah pernah memakai uji coba gratis. Lisensi Anda ada di bawah; untuk mencoba lagi, pilih paket uji coba berbayar.';
export const TRIALS_OFF = 'Uji coba gratis sedang tidak tersedia. Silakan pilih paket uji coba berbayar.';

class AlreadyUsed extends Error {}

/** `by`: the buyer who opened the link (the activity log). */
export async function issueTrial(ctx: AppContext, email: string, by: ActivityActor): Promise<TrialOutcome> {
  const settings = await trialSettings(ctx.db);
  if (!settings.enabled) return { issued: false, license_id: null, message: TRIALS_OFF };
  // One trial per inbox: Gmail's dots, +tags and googlemail.com reach one inbox (inbox.ts).
  const inbox = inboxOf(email);
  if (await findTrialByEmail(ctx.db, inbox)) return { issued: false, license_id: null, message: TRIAL_USED };
  const at = ctx.now().toISOString();
  const messages = await loadMessageSettings(ctx, mailSettingKeys('loopbot'));
  const created = await ctx.db
    .transaction(async (tx) => {
      const license = await insertLoopbotLicenseIn(tx, email, addDays(at, settings.days), at, {
        actor: 'buyer',
        data: { trial: true, days: settings.days },
      });
      // The unique address decides a race between two links of one address: the loser rolls back.
      if (!(await insertTrialIn(tx, inbox, license.id, at))) throw new AlreadyUsed();
      const mail = trialLicenseMail(license, settings.days, messages, ctx.config.timeZone, accountUrl(ctx.config));
      await enqueueMailIn(tx, { kind: 'license', to_address: email, ...mail, license_id: license.id }, at);
      await recordChangeIn(tx, by, at, {
        action: 'trial.issued',
        objectType: 'license',
        objectId: String(license.id),
        summary: `free LoopBOT trial for ${email}: ${settings.days} days, until ${formatDateForPeople(license.expired_date, ctx.config.timeZone)}`,
        before: null,
        after: { license_key: license.license_key, email, app_type: 'loopbot', expired_date: license.expired_date },
      });
      return license;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyUsed) return undefined;
      throw error;
    });
  if (!created) return { issued: false, license_id: null, message: TRIAL_USED };
  await licenseSearchIndex(ctx.db).added(created);
  ctx.mail.queued();
  const until = formatExpiryForCustomers(created.expired_date, ctx.config.timeZone);
  return {
    issued: true,
    license_id: created.id,
    message: `Uji coba gratis LoopBOT Anda aktif sampai ${until}. Kunci lisensinya juga sudah kami kirim ke ${email}.`,
  };
}
