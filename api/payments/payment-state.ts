/**
 * The shop's own payment states and the one table per provider that maps a provider's status to
 * them. Everything past the gateway clients speaks only PaymentState; a status no table knows is
 * refused, never guessed. Sources: docs/payments.md.
 */

export const PAYMENT_STATES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * Midtrans `transaction_status` → state. `capture` is a card status, decided by `fraud_status`
 * (midtransState). Partial refunds and chargebacks count as refunded: money went back, so the
 * owner is told and decides, rather than a licence staying silently paid.
 */
export const MIDTRANS_STATES: Readonly<Record<string, PaymentState>> = {
  pending: 'pending',
  settlement: 'paid',
  capture: 'paid',
  deny: 'failed',
  cancel: 'failed',
  failure: 'failed',
  expire: 'expired',
  refund: 'refunded',
  partial_refund: 'refunded',
  chargeback: 'refunded',
  partial_chargeback: 'refunded',
};

/** Tripay `status` of a closed transaction → state. */
export const TRIPAY_STATES: Readonly<Record<string, PaymentState>> = {
  UNPAID: 'pending',
  PAID: 'paid',
  FAILED: 'failed',
  EXPIRED: 'expired',
  REFUND: 'refunded',
};

/** The shop's state for a Midtrans status, or undefined for a status the table does not know. */
export function midtransState(transactionStatus: string, fraudStatus?: string): PaymentState | undefined {
  if (!Object.hasOwn(MIDTRANS_STATES, transactionStatus)) return undefined;
  const state = MIDTRANS_STATES[transactionStatus]!;
  // A payment the fraud check denied was never money the shop may count on.
  if (state === 'paid' && fraudStatus === 'deny') return 'failed';
  // A card capture under review is not paid until Midtrans accepts it.
  if (transactionStatus === 'capture' && fraudStatus === 'challenge') return 'pending';
  return state;
}

export function tripayState(status: string): PaymentState | undefined {
  return Object.hasOwn(TRIPAY_STATES, status) ? TRIPAY_STATES[status] : undefined;
}

/**
 * The moves a payment may make. Notifications repeat and arrive out of order ("pending" after
 * "settlement", "expire" after a late payment): a move not listed here is stale news and changes
 * nothing. Only money going back leaves `paid`.
 */
const MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  pending: ['paid', 'failed', 'expired'],
  paid: ['refunded'],
  failed: [],
  expired: [],
  refunded: [],
};

export function canMove(from: PaymentState, to: PaymentState): boolean {
  return MOVES[from].includes(to);
}

/** Why a provider's report does not belong to the order the shop holds. */
export type OrderMismatch = 'other-order' | 'amount-mismatch';

/**
 * A signed report still names its own order and amount: it settles the shop's order only when
 * both are the order's own (whole rupiah, exactly).
 */
export function orderMismatch(
  order: { reference: string; amount: number },
  reported: { reference: string; amount: number },
): OrderMismatch | undefined {
  if (order.reference !== reported.reference) return 'other-order';
  if (!Number.isSafeInteger(reported.amount) || order.amount !== reported.amount) return 'amount-mismatch';
  return undefined;
}
