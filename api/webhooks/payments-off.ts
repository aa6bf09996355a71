/**
 * Without LYNK_MERCHANT_KEY every Lynk.id delivery is refused (503) and no order is stored, whatever
 * the Orders tab says: the owner hears it when the server starts, and on the dashboard
 * (OrderStats.payments_configured, the admin's payments notice and placeholder banner).
 */
import type { CoreContext } from '../core-context';

export const PAYMENTS_OFF_WARNING =
  'LYNK_MERCHANT_KEY is not set: every Lynk.id payment is refused (503) and no order is recorded until it is (see README, "Orders and e-mail").';

export function warnIfPaymentsOff(core: Pick<CoreContext, 'config' | 'log'>): void {
  if (!core.config.lynkMerchantKey) core.log.warn(PAYMENTS_OFF_WARNING);
}
