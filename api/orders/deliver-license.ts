/**
 * Delivering a LoopBOT licence for an order, inside the caller's transaction: the buyer's licence
 * issued or extended (with an audit event naming the order), linked to the order, and its e-mail
 * queued. Used by a paid order as it arrives and by the owner's review actions.
 */
import { moveLicenseExpiryIn } from '../../data/licenses/expiry';
import type { LicenseRow } from '../../data/licenses/licenses';
import { licenseIdsByEmail, linkOrderLicenseIn } from '../../data/orders';
import { enqueueMailIn } from '../../data/outbox';
import type { Transaction } from '../../data/store';
import { addDays } from '../shared/date-time';
import { extendedExpiry } from '../shared/expiry-change';
import { insertLoopbotLicenseIn } from '../licenses';
import type { Settings } from '../messages/license-message';
import { licenseMail, renewalMail } from '../messages/mail-messages';
import { accountUrl } from '../shared/account-url';
import type { ServerConfig } from '../config';
import type { OrderPlan } from './order-plan';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordOrderLicenseIn } from './order-activity';

/** The order a licence is delivered for. */
export type OrderRef = { orderId: number; refId: string; email: string; at: string };
export type Issue = OrderRef & { days: number; planId: string | null };
type Delivered = { license: LicenseRow; created: boolean };
type Issued = Delivered & { oldExpiry: string | null };

/**
 * The buyer's one LoopBOT licence gets the days, counted as every extension is (extendedExpiry);
 * a buyer with none, or with several (which one would be a guess), gets a new one.
 */
async function issueOrExtendIn(tx: Transaction, issue: Issue): Promise<Issued> {
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
    if (change) return { license: change.license, created: false, oldExpiry: change.old };
  }
  const license = await insertLoopbotLicenseIn(tx, issue.email, addDays(issue.at, issue.days), issue.at, {
    actor: 'order',
    data: audit,
  });
  return { license, created: true, oldExpiry: null };
}

/**
 * Issues or extends, links and e-mails, in the caller's transaction. `created` tells whether the
 * licence is new (the caller adds it to the search index after commit).
 */
export async function deliverLicenseIn(
  tx: Transaction,
  issue: Issue,
  settings: Settings,
  config: Pick<ServerConfig, 'timeZone' | 'publicUrl'>,
  by: ActivityActor,
): Promise<Delivered> {
  const delivered = await issueOrExtendIn(tx, issue);
  const { license, created } = delivered;
  await recordOrderLicenseIn(tx, by, delivered, { ...issue, timeZone: config.timeZone });
  await linkOrderLicenseIn(tx, {
    order_id: issue.orderId,
    license_id: license.id,
    change: created ? 'created' : 'extended',
    days: issue.days,
    plan_id: issue.planId,
  });
  // An extension keeps the key: its e-mail says so, instead of the new-key text of the licence template.
  const mail = delivered.oldExpiry
    ? renewalMail(license, delivered.oldExpiry, settings, config.timeZone, accountUrl(config))
    : licenseMail(license, settings, config.timeZone, accountUrl(config));
  await enqueueMailIn(
    tx,
    { kind: 'license', to_address: issue.email, ...mail, order_id: issue.orderId, license_id: license.id },
    issue.at,
  );
  return { license, created };
}

/** The LoopBOT days a catalogue-matched order pays for (planOrder's answer), delivered as above. */
export function deliverPlannedLicenseIn(
  tx: Transaction,
  order: OrderRef,
  plan: Pick<OrderPlan, 'loopbotDays' | 'loopbotPlanId'>,
  settings: Settings,
  config: Pick<ServerConfig, 'timeZone' | 'publicUrl'>,
  by: ActivityActor,
): Promise<Delivered> {
  return deliverLicenseIn(tx, { ...order, days: plan.loopbotDays, planId: plan.loopbotPlanId }, settings, config, by);
}
