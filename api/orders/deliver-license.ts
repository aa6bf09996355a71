/**
 * Delivering a LoopBOT licence for an order, inside the caller's transaction: the buyer's licence
 * issued or extended (with an audit event naming the order), linked to the order, and its e-mail
 * queued. Used by a paid order as it arrives and by the owner's review actions.
 */
import { moveLicenseExpiryIn } from '../../data/licenses/expiry';
import { insertLicenseIn } from '../../data/licenses/licenses';
import type { LicenseRow } from '../../data/licenses/licenses';
import { licenseIdsByEmail, linkOrderLicenseIn } from '../../data/orders';
import { enqueueMailIn } from '../../data/outbox';
import type { Transaction } from '../../data/store';
import { addDays } from '../common/date-time';
import { extendedExpiry } from '../common/expiry-change';
import { generateLicenseKey, hashLicenseKey } from '../licenses/license-keys';
import type { Settings } from '../messages/license-message';
import { licenseMail } from '../messages/mail-messages';

export type Issue = { orderId: number; refId: string; email: string; days: number; planId: string | null; at: string };

/**
 * The buyer's one LoopBOT licence gets the days, counted as every extension is (extendedExpiry);
 * a buyer with none, or with several (which one would be a guess), gets a new one.
 */
async function issueOrExtendIn(tx: Transaction, issue: Issue): Promise<{ license: LicenseRow; created: boolean }> {
  const audit = { order_id: issue.orderId, ref_id: issue.refId, plan_id: issue.planId };
  const owned = await licenseIdsByEmail(tx, issue.email, 'loopbot');
  if (owned.length === 1) {
    const change = await moveLicenseExpiryIn(
      tx,
      owned[0]!,
      (current) => extendedExpiry(current.expired_date, issue.at, issue.days),
      issue.at,
      { change: 'order', days: issue.days, ...audit },
      'order',
    );
    if (change) return { license: change.license, created: false };
  }
  const license = await insertLicenseIn(
    tx,
    () => {
      const key = generateLicenseKey('loopbot');
      return {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email: issue.email,
        app_type: 'loopbot',
        expired_date: addDays(issue.at, issue.days),
      };
    },
    issue.at,
    5,
    { actor: 'order', data: audit },
  );
  if (!license) throw new Error('could not draw an unused licence key');
  return { license, created: true };
}

/**
 * Issues or extends, links and e-mails, in the caller's transaction. `created` tells whether the
 * licence is new (the caller adds it to the search index after commit).
 */
export async function deliverLicenseIn(
  tx: Transaction,
  issue: Issue,
  settings: Settings,
  timeZone: string,
  accountUrl?: string,
): Promise<{ license: LicenseRow; created: boolean }> {
  const { license, created } = await issueOrExtendIn(tx, issue);
  await linkOrderLicenseIn(tx, {
    order_id: issue.orderId,
    license_id: license.id,
    change: created ? 'created' : 'extended',
    days: issue.days,
    plan_id: issue.planId,
  });
  const mail = licenseMail(license, settings, timeZone, accountUrl);
  await enqueueMailIn(
    tx,
    { kind: 'license', to_address: issue.email, ...mail, order_id: issue.orderId, license_id: license.id },
    issue.at,
  );
  return { license, created };
}
