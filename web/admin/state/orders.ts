import { apiJson } from '../api-client';
import type * as calls from '../../../contract/calls/orders';
import { whatsappChatLink } from '../../../contract/rules/addresses';
import { whatsappNumber } from '../../../contract/rules/phone-number';
import type { Order, OrderStatus } from '../../../contract/calls/orders';
import type { OrderEffectiveStatus } from '../../../contract/rules/order-effective-status';
import { MESSAGES } from '../messages';
import { loadLicenses, loadOrderStats } from './loaders';
import { mutate, serverMessage } from './mutate';
import { debouncedSearch, goToPage, listQuery, pagedLoader, statusFilter } from './paged-list';
import { selectTab } from './navigation';
import { store } from './store';

export const ORDER_PAGE_SIZE = 25;

/** One page of orders for the current search and status. */
export const loadOrders = pagedLoader(
  () => store.orders,
  async (list) => {
    const answer = await apiJson<typeof calls.listOrders>(
      'GET',
      `/api/order/list?${listQuery(list, ORDER_PAGE_SIZE)}`,
    ).catch(() => undefined);
    return answer?.success && Array.isArray(answer.orders)
      ? { rows: answer.orders, pages: answer.pages, total: answer.total }
      : undefined;
  },
);

export const searchOrders = debouncedSearch(() => store.orders, loadOrders);

export const filterOrders = statusFilter<OrderStatus>(() => store.orders, loadOrders);

export function goToOrderPage(page: number): void {
  goToPage(store.orders, page, loadOrders);
}

/** The owner dealt with the order by other means. */
export async function markOrderHandled(order: Pick<Order, 'id'>): Promise<void> {
  const send = () => apiJson<typeof calls.markOrderHandled>('POST', `/api/order/handled/${order.id}`);
  await mutate(send, {
    failed: MESSAGES.markHandledFailed,
    errorPrefix: MESSAGES.markHandledError,
    success: serverMessage(MESSAGES.orderHandled),
  });
  await Promise.all([loadOrders(), loadOrderStats()]);
}

/**
 * `https://wa.me/62…?text=…` with the licence message (or, for LoopStream, the access message), or
 * just the chat when the order has neither; '' without a phone.
 */
export function whatsappLink(
  order: Pick<Order, 'customer_phone' | 'license_message'> & Partial<Pick<Order, 'loopstream_message'>>,
): string {
  const number = whatsappNumber(order.customer_phone);
  if (!number) return '';
  const text = order.license_message ?? order.loopstream_message ?? null;
  return whatsappChatLink(number, text ?? undefined);
}

/** Opens the licence tab searched to this key. */
export function showLicense(licenseKey: string): void {
  store.licenses.search = licenseKey;
  store.licenses.page = 1;
  selectTab('licenses');
  void loadLicenses();
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  fulfilled: 'Fulfilled',
  needs_setup: 'Needs set-up',
  needs_review: 'Needs review',
};

/** A row's badge: what the order is now (the server's effective status); a handled one is done. */
export const ORDER_EFFECTIVE_STATUS_LABELS: Record<OrderEffectiveStatus, string> = {
  ...ORDER_STATUS_LABELS,
  handled: 'Handled',
};
