/**
 * The owner finishing an order that needed them, each in ONE transaction with its e-mail: set up
 * LoopStream (the access record, its details to the buyer, the order handled), issue the licence
 * of an order under review (the owner picks the plan), or match it again after fixing the catalogue.
 */
import * as calls from '../../contract/calls/orders';
import { licenseSearchIndex } from '../../data/licenses/search';
import type { LicenseRow } from '../../data/licenses/licenses';
import { insertLoopstreamIn } from '../../data/loopstreams';
import { orderForAction, updateOrderOutcomeIn } from '../../data/order-review';
import type { OrderForAction } from '../../data/order-review';
import { findOrder, markOrderHandled, markOrderResolvedByHandIn } from '../../data/orders';
import { enqueueMailIn } from '../../data/outbox';
import type { Sql } from '../../data/store';
import { listPlans } from '../../data/storefront-plans';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { loopstreamFile } from '../shared/loopstream-file';
import { accessCredentials, readLoopstreamFields } from '../shared/loopstream-access';
import { messageSettingKeys } from '../messages/license-message';
import { loadMessageSettings } from '../messages/load-settings';
import { loopstreamAccessMail } from '../messages/order-messages';
import { deliverLicenseIn, deliverPlannedLicenseIn } from './deliver-license';
import { orderAnswers } from './order-handlers';
import { planOrder } from './order-plan';
import { isEmailAddress } from '../../contract/rules/addresses';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { recordOrderStepIn } from './order-activity';

const notFound = (): HttpError => new HttpError(404, 'Order not found');

/** The order, read inside the transaction; 404 unknown, 409 already handled or not in `statuses`. */
async function openOrder(tx: Sql, id: number, statuses: readonly string[], what: string): Promise<OrderForAction> {
  const order = await orderForAction(tx, id);
  if (!order) throw notFound();
  if (order.handled_at) throw new HttpError(409, 'This order was already handled');
  if (!statuses.includes(order.status)) throw new HttpError(409, `Only an order that needs ${what} can do this`);
  return order;
}

async function answerOrder(ctx: AppContext, id: number): Promise<calls.Order> {
  return (await orderAnswers(ctx))((await findOrder(ctx.db, id))!);
}

async function afterCommit(ctx: AppContext, license: LicenseRow | undefined, mailed: boolean): Promise<void> {
  if (license) await licenseSearchIndex(ctx.db).added(license);
  if (mailed) ctx.mail.queued();
}

export async function setUpLoopstream(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.setUpOrderLoopstream>> {
  const id = idParam(req);
  const fields = await readLoopstreamFields(req, ctx, calls.setUpOrderLoopstream);
  const credentials = await accessCredentials(ctx.db);
  const settings = await loadMessageSettings(ctx, []);
  const at = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const order = await openOrder(tx, id, ['needs_setup', 'needs_review'], 'set-up or review');
    // The buyer then finds the record on /lisensi under the order's address.
    const buyerEmail =
      fields.buyer_email ?? (isEmailAddress(order.customer_email) ? order.customer_email.trim() : null);
    const loopstream = await insertLoopstreamIn(tx, { ...fields, buyer_email: buyerEmail, order_id: order.id }, at);
    const mailed = isEmailAddress(order.customer_email);
    if (mailed) {
      const mail = loopstreamAccessMail(loopstreamFile(loopstream, credentials, ctx.config.timeZone).text, settings);
      await enqueueMailIn(
        tx,
        { kind: 'loopstream', to_address: order.customer_email, ...mail, order_id: order.id },
        at,
      );
    }
    // An order under review that this set-up delivered now counts as revenue.
    if (order.status === 'needs_review') await markOrderResolvedByHandIn(tx, order.id, at);
    await markOrderHandled(tx, order.id, at);
    await recordChangeIn(tx, by, at, {
      action: 'loopstream.created',
      objectType: 'loopstream',
      objectId: String(loopstream.id),
      summary: `LoopStream ${loopstream.package_type} for ${loopstream.customer_name} set up for order ${order.ref_id}${mailed ? `, e-mailed to ${order.customer_email}` : ''}; the order is handled`,
      before: null,
      after: { ...fields, buyer_email: buyerEmail, order_id: order.id },
    });
    return { loopstream, mailed, to: order.customer_email };
  });
  await afterCommit(ctx, undefined, done.mailed);
  const message = done.mailed
    ? `LoopStream access created and e-mailed to ${done.to}; the order is handled.`
    : 'LoopStream access created; the order has no valid e-mail address, so send the access file yourself. The order is handled.';
  return { success: true, message, loopstream: done.loopstream, mailed: done.mailed };
}

export async function issueLicense(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.issueOrderLicense>> {
  const id = idParam(req);
  const { plan_id: planId } = await checkedBody(req, calls.issueOrderLicense);
  const plan = (await listPlans(ctx.db)).find((candidate) => candidate.id === planId);
  if (!plan || plan.product === 'loopstream' || plan.duration_days === null)
    throw new HttpError(400, 'plan_id must be a LoopBOT or combo plan with a duration');
  const settings = await loadMessageSettings(ctx, messageSettingKeys('loopbot'));
  const at = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const order = await openOrder(tx, id, ['needs_review'], 'review');
    if (!isEmailAddress(order.customer_email))
      throw new HttpError(
        400,
        `The buyer's e-mail "${order.customer_email}" is not a valid address: issue the licence by hand`,
      );
    const quantity =
      order.items.filter((item) => item.plan_id === plan.id).reduce((sum, item) => sum + item.qty, 0) || 1;
    const issue = {
      orderId: order.id,
      refId: order.ref_id,
      email: order.customer_email,
      days: plan.duration_days! * quantity,
      planId: plan.id,
      at,
    };
    const delivered = await deliverLicenseIn(tx, issue, settings, ctx.config, by);
    await markOrderResolvedByHandIn(tx, order.id, at);
    await markOrderHandled(tx, order.id, at);
    return { ...delivered, days: issue.days, to: order.customer_email };
  });
  await afterCommit(ctx, done.created ? done.license : undefined, true);
  const what = done.created ? 'issued' : 'extended';
  const label = plan.product === 'combo' ? plan.name : `LoopBOT ${plan.name}`;
  const message = `Licence ${what} (${label}, ${done.days} days) and e-mailed to ${done.to}; the order is handled.`;
  return { success: true, message, order: await answerOrder(ctx, id) };
}

export async function reprocess(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.reprocessOrder>> {
  const id = idParam(req);
  const plans = await listPlans(ctx.db);
  const settings = await loadMessageSettings(ctx, messageSettingKeys('loopbot'));
  const at = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const order = await openOrder(tx, id, ['needs_review'], 'review');
    const plan = planOrder(order.items, plans, order.amount_idr, order.customer_email);
    await updateOrderOutcomeIn(tx, order.id, { status: plan.status, note: plan.note, items: plan.items }, at);
    // Passing now, it is delivered by the owner's step: revenue, resolved by hand (its new items are the plans counted).
    if (plan.status !== 'needs_review') await markOrderResolvedByHandIn(tx, order.id, at);
    await recordOrderStepIn(tx, by, at, {
      action: 'order.reprocessed',
      orderId: order.id,
      refId: order.ref_id,
      summary: `processed again: status ${order.status} → ${plan.status}`,
      before: { status: order.status },
      after: { status: plan.status, note: plan.note },
    });
    if (plan.loopbotDays === 0) return { status: plan.status, note: plan.note, license: undefined, mailed: false };
    const { license, created } = await deliverPlannedLicenseIn(
      tx,
      { orderId: order.id, refId: order.ref_id, email: order.customer_email, at },
      plan,
      settings,
      ctx.config,
      by,
    );
    return { status: plan.status, note: plan.note, license: created ? license : undefined, mailed: true };
  });
  await afterCommit(ctx, done.license, done.mailed);
  const message =
    done.status === 'needs_review'
      ? `Still needs review: ${done.note}`
      : done.status === 'needs_setup'
        ? `Matched the catalogue${done.mailed ? ': the licence is e-mailed' : ''}; LoopStream still needs setting up.`
        : 'Matched the catalogue: the licence is issued and e-mailed.';
  return { success: true, message, order: await answerOrder(ctx, id) };
}
