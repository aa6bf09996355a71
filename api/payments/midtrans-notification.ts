/**
 * A Midtrans HTTP notification, verified before anything trusts it: `signature_key` must be
 * SHA-512 of order_id + status_code + gross_amount (as sent, "150000.00") + server key
 * (docs/payments.md#midtrans). The signature covers only those three fields, so the shop also reads
 * the status back (readMidtransStatus) before it fulfils anything.
 */
import { stringField, wholeRupiah } from './gateway-call';
import { midtransState } from './payment-state';
import type { PaymentState } from './payment-state';
import { sameSignature, sha512Hex } from './signatures';

export type MidtransNotification = {
  orderId: string;
  transactionId: string;
  statusCode: string;
  /** gross_amount as sent; `amount` is the same in whole rupiah. */
  grossAmount: string;
  amount: number;
  transactionStatus: string;
  fraudStatus: string | undefined;
  paymentType: string;
  state: PaymentState;
};

export type NotificationRefusal = {
  ok: false;
  reason: 'malformed' | 'unsigned' | 'bad-signature' | 'bad-amount' | 'unknown-status' | 'inconsistent';
};

export type VerifiedMidtrans = { ok: true; notification: MidtransNotification } | NotificationRefusal;

export function midtransSignature(orderId: string, statusCode: string, grossAmount: string, serverKey: string): string {
  return sha512Hex(orderId + statusCode + grossAmount + serverKey);
}

function parseObject(rawBody: string | Buffer): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(rawBody.toString());
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The notification in `rawBody`, or why it must change nothing. The signature is checked first. */
export function verifyMidtransNotification(rawBody: string | Buffer, serverKey: string): VerifiedMidtrans {
  const body = parseObject(rawBody);
  if (!body) return { ok: false, reason: 'malformed' };
  const orderId = stringField(body, 'order_id');
  const statusCode = stringField(body, 'status_code');
  const grossAmount = stringField(body, 'gross_amount');
  const transactionStatus = stringField(body, 'transaction_status');
  if (!orderId || !statusCode || !grossAmount || !transactionStatus) return { ok: false, reason: 'malformed' };
  const signature = stringField(body, 'signature_key');
  if (!signature) return { ok: false, reason: 'unsigned' };
  if (!sameSignature(signature, midtransSignature(orderId, statusCode, grossAmount, serverKey)))
    return { ok: false, reason: 'bad-signature' };
  const amount = wholeRupiah(grossAmount);
  if (amount === undefined) return { ok: false, reason: 'bad-amount' };
  const fraudStatus = stringField(body, 'fraud_status');
  const state = midtransState(transactionStatus, fraudStatus);
  if (state === undefined) return { ok: false, reason: 'unknown-status' };
  // transaction_status is not signed, status_code is: a captured pending notification (201) with
  // its status rewritten to settlement must not read as paid. Midtrans sends every paid one as 200.
  if (state === 'paid' && statusCode !== '200') return { ok: false, reason: 'inconsistent' };
  return {
    ok: true,
    notification: {
      orderId,
      transactionId: stringField(body, 'transaction_id') ?? '',
      statusCode,
      grossAmount,
      amount,
      transactionStatus,
      fraudStatus,
      paymentType: stringField(body, 'payment_type') ?? '',
      state,
    },
  };
}
