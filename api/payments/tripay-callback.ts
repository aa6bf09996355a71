/**
 * A Tripay callback, verified before anything trusts it: `X-Callback-Signature` must be
 * HMAC-SHA256(private key, the raw body bytes as received) and `X-Callback-Event` must be
 * `payment_status` (docs/payments.md#tripay). The signature covers the whole body, so it is checked
 * on the bytes before they are parsed: re-serialised JSON would not match.
 */
import { stringField } from './gateway-call';
import { tripayState } from './payment-state';
import { hmacSha256Hex, sameSignature } from './signatures';
import { chargedAmount } from './tripay';
import type { TripayTransaction } from './tripay';

/** A callback names the transaction as its detail does (the amount: total_amount less any buyer fee). */
export type TripayCallback = Pick<
  TripayTransaction,
  'reference' | 'merchantRef' | 'amount' | 'method' | 'status' | 'state'
> & {
  /** UTC ISO, when paid. */
  paidAt: string | undefined;
};

export type CallbackRefusal = {
  ok: false;
  reason: 'unsigned' | 'bad-signature' | 'other-event' | 'malformed' | 'bad-amount' | 'unknown-status';
};

export type VerifiedTripay = { ok: true; callback: TripayCallback } | CallbackRefusal;

/** The two headers Tripay signs a callback with (case as Node gives them, lower). */
export type TripayCallbackHeaders = {
  'x-callback-signature'?: string | string[];
  'x-callback-event'?: string | string[];
};

const single = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export function verifyTripayCallback(
  rawBody: string | Buffer,
  headers: TripayCallbackHeaders,
  privateKey: string,
): VerifiedTripay {
  const signature = single(headers['x-callback-signature']);
  if (!signature) return { ok: false, reason: 'unsigned' };
  if (!sameSignature(signature, hmacSha256Hex(privateKey, rawBody))) return { ok: false, reason: 'bad-signature' };
  if (single(headers['x-callback-event']) !== 'payment_status') return { ok: false, reason: 'other-event' };
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawBody.toString());
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { ok: false, reason: 'malformed' };
    body = parsed as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const reference = stringField(body, 'reference');
  const merchantRef = stringField(body, 'merchant_ref');
  const status = stringField(body, 'status');
  if (!reference || !merchantRef || !status) return { ok: false, reason: 'malformed' };
  // The shop makes closed payments only; an open-payment callback is not about one of its orders.
  if (body.is_closed_payment !== 1) return { ok: false, reason: 'other-event' };
  const amount = chargedAmount(body.total_amount, body.fee_customer);
  if (amount === undefined) return { ok: false, reason: 'bad-amount' };
  const state = tripayState(status);
  if (state === undefined) return { ok: false, reason: 'unknown-status' };
  const paidAt =
    typeof body.paid_at === 'number' && Number.isSafeInteger(body.paid_at)
      ? new Date(body.paid_at * 1000).toISOString()
      : undefined;
  return {
    ok: true,
    callback: {
      reference,
      merchantRef,
      amount,
      method: stringField(body, 'payment_method_code') ?? stringField(body, 'payment_method') ?? '',
      status,
      state,
      paidAt,
    },
  };
}
