/**
 * The licence e-mail a licence gets whenever it is sent again (the owner's "Send by e-mail", the
 * buyer's "Kirim ulang"): a free trial still in its trial gets the trial's own words, never the
 * purchase thanks of the licence template; any other licence the licence message.
 */
import { freeTrialSince } from '../../data/trials';
import type { Sql } from '../../data/store';
import { DAY_MS } from '../../contract/rules/durations';
import { licenseMail, trialLicenseMail } from './mail-messages';
import type { MailText } from './mail-messages';
import type { Settings } from './license-message';

type MailedLicense = Parameters<typeof licenseMail>[0] & { id: number };

export async function licenseMailFor(
  db: Sql,
  license: MailedLicense,
  settings: Settings,
  timeZone: string,
  accountUrl: string,
): Promise<MailText> {
  const since = await freeTrialSince(db, license.id);
  if (since === null) return licenseMail(license, settings, timeZone, accountUrl);
  const days = Math.max(1, Math.round((Date.parse(license.expired_date) - Date.parse(since)) / DAY_MS));
  return trialLicenseMail(license, days, settings, timeZone, accountUrl);
}
