import type { Snapshot } from 'valtio';
import { apiJson } from '../api-client';
import type * as calls from '../../../contract/orders';
import type { Order, OrderStatus } from '../../../contract/orders';
import { PACKAGE_TYPES } from '../../../contract/vocabulary';
import type { PackageType } from '../../../contract/loopstreams';
import { localInputDaysAhead } from '../format';
import { MESSAGES, setUpNotHandledMessage } from '../messages';
import { loadLicenses, loadOrderStats } from './loaders';
import { notify } from './dialogs';
import { mutate, serverMessage } from './mutate';
import { debouncedSearch, goToPage, listQuery, pagedLoader, statusFilter } from './paged-list';
import { selectTab } from './navigation';
import { store } from './store';

export const ORDER_PAGE_SIZE = 25;

/** One page of orders for the current search and status. */
export const loadOrders = pagedLoader(() => store.orders, async (list) => {
  const answer = await apiJson<typeof calls.listOrders>('GET', `/api/order/list?${listQuery(list, ORDER_PAGE_SIZE)}`).catch(() => undefined);
  return answer?.success && Array.isArray(answer.orders) ? { rows: answer.orders, pages: answer.pages, total: answer.total } : undefined;
});

export const searchOrders = debouncedSearch(() => store.orders, loadOrders);

export const filterOrders = statusFilter<OrderStatus>(() => store.orders, loadOrders);

export function goToOrderPage(page: number): void {
  goToPage(store.orders, page, loadOrders);
}

/**
 * The owner dealt with the order. After a LoopStream set-up (`quiet`) the form already said what
 * happened, so only a failure is said: the order would still offer its set-up.
 */
export async function markOrderHandled(order: Pick<Order, 'id'>, quiet = false): Promise<void> {
  const send = () => apiJson<typeof calls.markOrderHandled>('POST', `/api/order/handled/${order.id}`);
  if (quiet) {
    const answer = await send().catch((error: unknown) => ({ success: false as const, error: error instanceof Error ? error.message : String(error) }));
    if (!answer.success) notify(setUpNotHandledMessage(answer.error));
  }
  else await mutate(send, { failed: MESSAGES.markHandledFailed, errorPrefix: MESSAGES.markHandledError, success: serverMessage(MESSAGES.orderHandled) });
  await Promise.all([loadOrders(), loadOrderStats()]);
}

/** Digits as wa.me wants them: Indonesian numbers written 0812…, 812… or +62 812… all become 62812…; '' when too short. */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('62') || (phone.trim().startsWith('+') && !digits.startsWith('0'))
    ? digits
    : digits.startsWith('0')
      ? `62${digits.replace(/^0+/, '')}`
      : `62${digits}`;
  return international.length >= 9 && international.length <= 15 ? international : '';
}

/** `https://wa.me/62…?text=…` with the licence message, or just the chat when the order has none; '' without a phone. */
export function whatsappLink(order: Pick<Order, 'customer_phone' | 'license_message'>): string {
  const number = whatsappNumber(order.customer_phone);
  if (!number) return '';
  return `https://wa.me/${number}${order.license_message ? `?text=${encodeURIComponent(order.license_message)}` : ''}`;
}

/** Opens the licence tab searched to this key. */
export function showLicense(licenseKey: string): void {
  store.licenses.search = licenseKey;
  store.licenses.page = 1;
  selectTab('licenses');
  void loadLicenses();
}

export type LoopstreamPrefill = { package_type: PackageType; customer_name: string; expiry: string; plan: string };

/**
 * The LoopStream form filled from an order: the buyer, the package of the same number as the set
 * they bought (`Set 2` → `Paket 2`) when there is one, and the expiry the plans paid for.
 */
export function loopstreamPrefill(order: Snapshot<Pick<Order, 'customer_name' | 'customer_email' | 'items'>>, now = new Date()): LoopstreamPrefill {
  const streamItems = order.items.filter((item) => /^set \d+$/i.test(item.plan_name ?? '') || /combo/i.test(item.plan_name ?? ''));
  const first = streamItems[0];
  const number = /(\d+)/.exec(first?.plan_name ?? '')?.[1];
  const packageType = PACKAGE_TYPES.find((name) => name === `Paket ${number}`) ?? PACKAGE_TYPES[0];
  const days = Math.max(1, ...streamItems.map((item) => 30 * item.qty));
  return {
    package_type: packageType,
    customer_name: order.customer_name || order.customer_email,
    expiry: localInputDaysAhead(days, now),
    plan: streamItems.map((item) => `${item.plan_name} × ${item.qty}`).join(', '),
  };
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  fulfilled: 'Fulfilled',
  needs_setup: 'Needs set-up',
  needs_review: 'Needs review',
};
