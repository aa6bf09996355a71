/**
 * A verified payment becomes an order. The order, the licence it issues or extends (with an audit
 * event naming the order) and the e-mail that delivers it are written in ONE transaction: after a
 * crash either all of it is there or none, and the marketplace's next delivery of the payment
 * (it retries until it gets a 200) does the whole of it. A payment seen before finds its order.
 */
import { licenseSearchIndex } from '../../data/license-search';
import { insertLicense, moveLicenseExpiry } from '../../data/licenses';
import type { LicenseRow } from '../../data/licenses';
import { insertOrder, licenseIdsByEmail, linkOrderLicense } from '../../data/orders';
import type { OrderStatus } from '../../data/orders';
import { enqueueMail } from '../../data/outbox';
import type { Sql } from '../../data/store';
import { listPlans } from '../../data/storefront-plans';
import { addDays } from '../common/date-time';
import type { AppContext } from '../context';
import { generateLicenseKey, hashLicenseKey } from '../licenses/license-keys';
import { licenseMail, mailSettingKeys } from '../messages/mail-messages';
import { loadMessageSettings } from '../messages/load-settings';
import type { LynkPayment } from '../webhooks/lynk-payload';
import { planOrder } from './order-plan';

export type RecordedOrder = { id: number; status: OrderStatus; created: boolean };

type Issue = { orderId: number; refId: string; email: string; days: number; planId: string | null; at: string };

/**
 * The buyer's one LoopBOT licence gets the days (from its expiry, or from now when that has
 * passed: a renewal); a buyer with none, or with several (which one would be a guess), gets a new one.
 */
async function issueOrExtend(tx: Sql, issue: Issue): Promise<{ license: LicenseRow; created: boolean }> {
  const audit = { order_id: issue.orderId, ref_id: issue.refId, plan_id: issue.planId };
  const owned = await licenseIdsByEmail(tx, issue.email, 'loopbot');
  if (owned.length === 1) {
    const change = await moveLicenseExpiry(
      tx,
      owned[0]!,
      (current) => addDays(current.expired_date > issue.at ? current.expired_date : issue.at, issue.days),
      issue.at,
      { change: 'order', days: issue.days, ...audit },
      'order',
    );
    if (change) return { license: change.license, created: false };
  }
  const license = await insertLicense(
    tx,
    () => {
      const key = generateLicenseKey('loopbot');
      return { license_key: key, key_sha256: hashLicenseKey(key), email: issue.email, app_type: 'loopbot', expired_date: addDays(issue.at, issue.days) };
    },
    issue.at,
    5,
    { actor: 'order', data: audit },
  );
  if (!license) throw new Error('could not draw an unused licence key');
  return { license, created: true };
}

export async function recordPaidOrder(ctx: AppContext, payment: LynkPayment): Promise<RecordedOrder> {
  const plan = planOrder(payment.items, await listPlans(ctx.db), payment.amountIdr, payment.customer.email);
  const settings = await loadMessageSettings(ctx.db, mailSettingKeys('loopbot'));
  const at = ctx.now().toISOString();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await insertOrder(
      tx,
      {
        ref_id: payment.refId,
        message_id: payment.messageId,
        signed_string: payment.signedString,
        customer_name: payment.customer.name,
        customer_email: payment.customer.email,
        customer_phone: payment.customer.phone,
        items: plan.items,
        amount_idr: payment.amountIdr,
        status: plan.status,
        note: plan.note,
      },
      at,
    );
    if (!order.created) return { id: order.id, status: order.status, created: false, newLicense: undefined, mailed: false };
    if (plan.loopbotDays === 0) return { id: order.id, status: plan.status, created: true, newLicense: undefined, mailed: false };
    const issue = { orderId: order.id, refId: payment.refId, email: payment.customer.email, days: plan.loopbotDays, planId: plan.loopbotPlanId, at };
    const { license, created } = await issueOrExtend(tx, issue);
    await linkOrderLicense(tx, { order_id: order.id, license_id: license.id, change: created ? 'created' : 'extended', days: plan.loopbotDays, plan_id: plan.loopbotPlanId });
    const mail = licenseMail(license, settings, ctx.config.timeZone);
    await enqueueMail(tx, { kind: 'license', to_address: payment.customer.email, ...mail, order_id: order.id, license_id: license.id }, at);
    return { id: order.id, status: plan.status, created: true, newLicense: created ? license : undefined, mailed: true };
  });
  if (outcome.newLicense) await licenseSearchIndex(ctx.db).added(outcome.newLicense);
  if (outcome.mailed) ctx.mail.queued();
  if (outcome.created) ctx.log.info(`orders: ${payment.refId} recorded as ${outcome.status}`);
  return { id: outcome.id, status: outcome.status, created: outcome.created };
}
