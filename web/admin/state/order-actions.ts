/**
 * The owner finishing an order that needed them, each one call that does the whole step on the
 * server: set up LoopStream (access e-mailed to the buyer, order handled), issue the licence of an
 * order under review with the plan the owner picks, or match the order again after a catalogue fix.
 */
import type { Snapshot } from 'valtio';
import { apiJson } from '../api-client';
import type * as calls from '../../../contract/calls/orders';
import type { Order } from '../../../contract/calls/orders';
import type { StorefrontPlan } from '../../../contract/calls/storefront';
import { PACKAGE_TYPES } from '../../../contract/rules/vocabulary';
import { localInputDaysAhead } from '../format';
import { MESSAGES } from '../messages';
import { loadOrderStats } from './loaders';
import type { NewLoopstream } from './loopstreams';
import { cleanServerAddress } from './loopstreams';
import { mutate, saved, serverMessage } from './mutate';
import { loadOrders } from './orders';

export type LoopstreamPrefill = { package_type: string; customer_name: string; expiry: string; plan: string };

/**
 * The LoopStream form filled from an order: the buyer, and the package and days the server read
 * from the order's own plans (the plan's name, its duration × quantity).
 */
export function loopstreamPrefill(
  order: Snapshot<Pick<Order, 'customer_name' | 'customer_email' | 'items' | 'loopstream_setup'>>,
  now = new Date(),
): LoopstreamPrefill {
  const setup = order.loopstream_setup;
  return {
    package_type: setup?.package_type ?? PACKAGE_TYPES[0],
    customer_name: order.customer_name || order.customer_email,
    expiry: localInputDaysAhead(setup?.days ?? 30, now),
    plan: order.items.map((item) => `${item.plan_name ?? item.title} × ${item.qty}`).join(', '),
  };
}

/** The packages the access form offers: the catalogue's LoopStream plans and the combo, then the older Paket 1 / Paket 2 (docs/spec.md#loopstream-packages). */
export function packageOptions(
  plans: ReadonlyArray<Pick<StorefrontPlan, 'product' | 'name'>> | undefined,
  current?: string,
): string[] {
  const names = [
    ...(plans ?? []).filter((plan) => plan.product !== 'loopbot').map((plan) => plan.name),
    ...PACKAGE_TYPES,
  ];
  return current && !names.includes(current) ? [current, ...names] : names;
}

/** The plans "Issue licence" offers: those that give LoopBOT time. */
export function licensePlans<Plan extends Pick<StorefrontPlan, 'product' | 'duration_days'>>(
  plans: readonly Plan[] | undefined,
): Plan[] {
  return (plans ?? []).filter((plan) => plan.product !== 'loopstream' && plan.duration_days !== null);
}

async function reloadOrders(): Promise<void> {
  await Promise.all([loadOrders(), loadOrderStats()]);
}

export async function setUpLoopstreamFromOrder(order: Pick<Order, 'id'>, input: NewLoopstream): Promise<boolean> {
  const body = { ...input, ip_server: cleanServerAddress(input.ip_server) };
  const done = await saved(
    () => apiJson<typeof calls.setUpOrderLoopstream>('POST', `/api/order/loopstream/${order.id}`, body),
    {
      failed: MESSAGES.setUpOrderFailed,
      errorPrefix: MESSAGES.setUpOrderError,
      success: serverMessage(MESSAGES.setUpOrderDone),
    },
  );
  if (done) await reloadOrders();
  return done;
}

export async function issueOrderLicense(order: Pick<Order, 'id'>, planId: string): Promise<boolean> {
  const done = await saved(
    () => apiJson<typeof calls.issueOrderLicense>('POST', `/api/order/issue-license/${order.id}`, { plan_id: planId }),
    {
      failed: MESSAGES.issueOrderLicenseFailed,
      errorPrefix: MESSAGES.issueOrderLicenseError,
      success: serverMessage(MESSAGES.issueOrderLicenseDone),
    },
  );
  if (done) await reloadOrders();
  return done;
}

export async function reprocessOrder(order: Pick<Order, 'id'>): Promise<void> {
  await mutate(() => apiJson<typeof calls.reprocessOrder>('POST', `/api/order/reprocess/${order.id}`), {
    failed: MESSAGES.reprocessOrderFailed,
    errorPrefix: MESSAGES.reprocessOrderError,
    success: serverMessage(MESSAGES.reprocessOrderDone),
  });
  await reloadOrders();
}
