/** The admin's order calls: the list (the Orders tab), marking an order handled, the dashboard counts. */
import * as calls from '../../contract/calls/orders';
import { ORDER_LIST } from '../../contract/rules/paging';
import { findOrder, findOrderPage, markOrderHandled, orderCounts } from '../../data/orders';
import type { OrderRow } from '../../data/orders';
import { refusedReplays } from '../../data/order-signatures';
import { mailCounts } from '../../data/outbox';
import { listPlans } from '../../data/storefront-plans';
import type { PlanRow } from '../../data/storefront-plans';
import { startOfDay } from '../../contract/rules/shop-time';
import { accountUrl } from '../shared/account-url';
import { adminActor } from '../shared/activity-actor';
import { recordOrderStepIn } from './order-activity';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readListQuery } from '../http/list-query';
import { licenseMessage, messageSettingKeys } from '../messages/license-message';
import { loadMessageSettings } from '../messages/load-settings';
import type { Settings } from '../messages/license-message';
import { loopstreamAccessMail } from '../messages/order-messages';
import { orderEffectiveStatus } from '../../contract/rules/order-effective-status';
import { loopstreamFile } from '../shared/loopstream-file';
import type { AccessCredentials } from '../shared/loopstream-file';
import { readAccessCredentials } from '../shared/loopstream-access';

type OrderAnswer = calls.Order;

/** What the matched plans cost; null when an item matched none. */
function plansPrice(order: OrderRow): number | null {
  let total = 0;
  for (const item of order.items) {
    if (item.plan_price_idr === null) return null;
    total += item.plan_price_idr * item.qty;
  }
  return total;
}

/**
 * What a LoopStream set-up starts from, from the order's own plan ids: the first LoopStream item's
 * plan name as the package, and the longest item's duration × quantity as the days.
 */
export function loopstreamSetupOf(
  order: Pick<OrderRow, 'items'>,
  plans: readonly PlanRow[],
): OrderAnswer['loopstream_setup'] {
  const streams = order.items.flatMap((item) => {
    const plan = plans.find((candidate) => candidate.id === item.plan_id);
    return plan && plan.product !== 'loopbot' && plan.duration_days !== null
      ? [{ name: plan.name, days: plan.duration_days * item.qty }]
      : [];
  });
  const first = streams[0];
  return first ? { package_type: first.name, days: Math.max(...streams.map((stream) => stream.days)) } : null;
}

/** What every order's answer reads besides the order: loaded once per list. */
type AnswerSources = {
  settings: Settings;
  timeZone: string;
  plans: readonly PlanRow[];
  accountUrl: string;
  /** The default LoopStream login; undefined while Settings lack it (no access message then). */
  credentials: AccessCredentials | undefined;
};

/** Each order as the admin reads it, from one load of the settings, plans and LoopStream login. */
export async function orderAnswers(ctx: AppContext): Promise<(order: OrderRow) => OrderAnswer> {
  // The login is optional here (an order reads without it), so it is read, not demanded: a failing
  // store still fails the answer instead of passing for "not set".
  const [settings, plans, credentials] = await Promise.all([
    loadMessageSettings(ctx, [...messageSettingKeys('loopbot'), ...messageSettingKeys('loopstream')]),
    listPlans(ctx.db),
    readAccessCredentials(ctx.db),
  ]);
  const sources: AnswerSources = {
    settings,
    timeZone: ctx.config.timeZone,
    plans,
    accountUrl: accountUrl(ctx.config),
    credentials,
  };
  return (order) => toAnswer(order, sources);
}

function toAnswer(order: OrderRow, sources: AnswerSources): OrderAnswer {
  const { settings, timeZone, plans, credentials } = sources;
  const first = order.licenses[0];
  const stream = order.loopstreams[0];
  return {
    id: order.id,
    ref_id: order.ref_id,
    created_at: order.created_at,
    customer_name: order.customer_name,
    customer_email: order.customer_email,
    customer_phone: order.customer_phone,
    items: order.items,
    amount_idr: order.amount_idr,
    plans_price_idr: plansPrice(order),
    status: order.status,
    note: order.note,
    handled_at: order.handled_at,
    effective_status: orderEffectiveStatus(order),
    resolved_by_hand_at: order.resolved_by_hand_at,
    license_ids: order.license_ids,
    licenses: order.licenses.map(({ id, license_key, change, days }) => ({ id, license_key, change, days })),
    license_message: first ? licenseMessage(first, settings, timeZone, sources.accountUrl) : null,
    loopstreams: order.loopstreams.map(({ id, package_type, ip_server, expired_date }) => ({
      id,
      package_type,
      ip_server,
      expired_date,
    })),
    loopstream_message:
      stream && credentials
        ? loopstreamAccessMail(loopstreamFile(stream, credentials, timeZone).text, settings).body
        : null,
    loopstream_setup: loopstreamSetupOf(order, plans),
  };
}

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listOrders>> {
  const query = checkedQuery(req, calls.listOrders);
  const { search, page, perPage } = readListQuery(query, ORDER_LIST);
  const result = await findOrderPage(ctx.db, { search, status: query.status || undefined, page, perPage });
  const answer = await orderAnswers(ctx);
  return {
    success: true,
    orders: result.orders.map(answer),
    pages: result.pages,
    total: result.total,
    page,
  };
}

export async function handled(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.markOrderHandled>> {
  const id = idParam(req);
  const at = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const found = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, id);
    if (!order || !(await markOrderHandled(tx, id, at))) return false;
    // Marking an order handled twice changes nothing the second time: no second entry.
    if (order.handled_at === null)
      await recordOrderStepIn(tx, by, at, {
        action: 'order.handled',
        orderId: id,
        refId: order.ref_id,
        summary: `marked handled (${order.status})`,
        before: { handled_at: null },
        after: { handled_at: at },
      });
    return true;
  });
  if (!found) throw new HttpError(404, 'Order not found');
  return { success: true, message: 'Order marked as handled' };
}

export async function stats(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.orderStats>> {
  const orders = await orderCounts(ctx.db, startOfDay(ctx.now().toISOString(), ctx.config.timeZone));
  const mail = await mailCounts(ctx.db);
  return {
    success: true,
    stats: {
      orders_today: orders.today,
      needs_attention: orders.needingAttention + mail.failed,
      mail_configured: ctx.mail.configured,
      payments_configured: ctx.config.lynkMerchantKey !== undefined,
      mail_waiting: mail.waiting,
      mail_failed: mail.failed,
      replays_refused: await refusedReplays(ctx.db),
    },
  };
}
