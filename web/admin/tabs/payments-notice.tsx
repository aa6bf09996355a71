import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store';

/** The words of the warning (api/webhooks/payments-off.ts says the same in the server's log). */
export const PAYMENTS_OFF_TEXT =
  'every Lynk.id payment is refused (503) and no order is recorded until it is set (see the README, "Orders and e-mail").';

/** On the dashboard while LYNK_MERCHANT_KEY is unset: nothing else would tell the owner payments are lost. */
export function PaymentsNotice(): ReactElement | null {
  const { orderStats } = useSnapshot(store);
  if (!orderStats || orderStats.payments_configured) return null;
  return (
    <p className="notice notice-warning" role="status" data-payments-notice="">
      <strong>Payments are refused.</strong> <code>LYNK_MERCHANT_KEY</code> is not set: {PAYMENTS_OFF_TEXT}
    </p>
  );
}
