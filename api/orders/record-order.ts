/**
 * A verified payment becomes an order. The order, the licence it issues or extends (with an audit
 * event naming the order) and the e-mail that delivers it (or, when the order needs the owner, the
 * buyer's "payment received" e-mail) are written in ONE transaction: after a
 * crash either all of it is there or none, and the marketplace's next delivery of the payment
 * (it retries until it gets a 200) does the whole of it. A payment seen before finds its order.
 */
import { licenseSearchIndex } from '../../data/licenses/search';
import { insertOrderIn } from '../../data/orders';
import type { OrderStatus } from '../../contract/calls/orders';
import { enqueueMailIn } from '../../data/outbox';
import { listPlans } from '../../data/storefront-plans';
import type { AppContext } from '../context';
import { loadMessageSettings } from '../messages/load-settings';
import { mailSettingKeys } from '../messages/mail-messages';
import { orderReceivedMail } from '../messages/order-messages';
import { deliverPlannedLicenseIn } from './deliver-license';
import { planOrder } from './order-plan';
import { isEmailAddress } from '../../contract/rules/addresses';
import type { PaidOrder } from './paid-order';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordOrderIn } from './order-activity';

export type RecordedOrder = { id: number; status: OrderStatus; created: boolean };

/** `by`: who reported the payment (the marketplace's webhook), for the activity log. */
export async function recordPaidOrder(ctx: AppContext, payment: PaidOrder, by: ActivityActor): Promise<RecordedOrder> {
  const plan = planOrder(payment.items, await listPlans(ctx.db), payment.amountIdr, payment.buyer.email);
  const settings = await loadMessageSettings(ctx, mailSettingKeys('loopbot'));
  const at = ctx.now().toISOString();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await insertOrderIn(
      tx,
      {
        ref_id: payment.reference,
        message_id: payment.messageId,
        signed_string: payment.signedString,
        customer_name: payment.buyer.name,
        customer_email: payment.buyer.email,
        customer_phone: payment.buyer.phone,
        items: plan.items,
        amount_idr: payment.amountIdr,
        status: plan.status,
        note: plan.note,
      },
      at,
    );
    if (!order.created)
      return { id: order.id, status: order.status, created: false, newLicense: undefined, mailed: false };
    await recordOrderIn(tx, by, at, {
      id: order.id,
      refId: payment.reference,
      email: payment.buyer.email,
      amountIdr: payment.amountIdr,
      status: plan.status,
      note: plan.note,
    });
    // An order that needs the owner: the buyer hears at once that the payment arrived.
    const waiting = plan.status !== 'fulfilled' && isEmailAddress(payment.buyer.email);
    if (waiting) {
      const mail = orderReceivedMail(
        { ref_id: payment.reference, customer_name: payment.buyer.name, items: payment.items },
        settings,
      );
      await enqueueMailIn(tx, { kind: 'order', to_address: payment.buyer.email, ...mail, order_id: order.id }, at);
    }
    if (plan.loopbotDays === 0)
      return { id: order.id, status: plan.status, created: true, newLicense: undefined, mailed: waiting };
    const { license, created } = await deliverPlannedLicenseIn(
      tx,
      { orderId: order.id, refId: payment.reference, email: payment.buyer.email, at },
      plan,
      settings,
      ctx.config,
      by,
    );
    return {
      id: order.id,
      status: plan.status,
      created: true,
      newLicense: created ? license : undefined,
      mailed: true,
    };
  });
  if (outcome.newLicense) await licenseSearchIndex(ctx.db).added(outcome.newLicense);
  if (outcome.mailed) ctx.mail.queued();
  if (outcome.created) ctx.log.info(`orders: ${payment.reference} recorded as ${outcome.status}`);
  return { id: outcome.id, status: outcome.status, created: outcome.created };
}
