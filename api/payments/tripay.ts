/**
 * Tripay closed payments: create a transaction (QRIS, a virtual account, a retail outlet) signed
 * with HMAC-SHA256(private key, merchant code + merchant ref + amount), and read one back by its
 * reference. Plain fetch against TRIPAY_API_BASE (docs/payments.md#tripay). Amounts are whole rupiah.
 */
import { callGateway, stringField, wholeRupiah } from './gateway-call';
import type { GatewayFailure } from './gateway-call';
import type { TripayConfig } from './payment-config';
import { tripayState } from './payment-state';
import type { PaymentState } from './payment-state';
import { hmacSha256Hex } from './signatures';

export type TripayCreateRequest = {
  /** The shop's order id (merchant_ref). */
  merchantRef: string;
  amount: number;
  /** Tripay channel code: QRIS, BRIVA, BNIVA, BCAVA, MANDIRIVA, PERMATAVA, ALFAMART... */
  method: string;
  expiryMinutes: number;
  item: { sku: string; name: string };
  customer: { name: string; email: string; phone?: string };
  /** Where Tripay posts this transaction's callbacks, instead of the dashboard's URL. */
  callbackUrl?: string;
  /** Where Tripay's own pages send the buyer back. */
  returnUrl?: string;
};

export type TripayTransaction = {
  reference: string;
  merchantRef: string;
  /** What the shop charged: Tripay's amount less any fee Tripay added for the buyer. */
  amount: number;
  method: string;
  status: string;
  state: PaymentState;
  /** A VA number or outlet payment code. */
  payCode?: string;
  /** QRIS: the string the shop draws as its own QR code. */
  qrString?: string;
  /** UTC ISO. */
  expiresAt?: string;
};

/**
 * What the shop charged: Tripay's total less any fee Tripay added for the buyer (absent: none);
 * undefined when either is not whole rupiah or the fee exceeds the total.
 */
export function chargedAmount(total: unknown, buyerFee: unknown): number | undefined {
  const whole = wholeRupiah(total);
  const fee = buyerFee === undefined ? 0 : wholeRupiah(buyerFee);
  return whole === undefined || fee === undefined || fee > whole ? undefined : whole - fee;
}

export type TripayResult = { ok: true; transaction: TripayTransaction } | GatewayFailure;

export function tripaySignature(merchantCode: string, merchantRef: string, amount: number, privateKey: string): string {
  return hmacSha256Hex(privateKey, merchantCode + merchantRef + String(amount));
}

const headers = (apiKey: string): Record<string, string> => ({
  Accept: 'application/json',
  'Content-Type': 'application/json',
  Authorization: `Bearer ${apiKey}`,
});

/** The /transaction/create body. Throws on a request the shop should never build. */
export function tripayCreateBody(
  config: TripayConfig,
  request: TripayCreateRequest,
  now = new Date(),
): Record<string, unknown> {
  const { merchantRef, amount, expiryMinutes } = request;
  if (!/^[A-Za-z0-9\-_.]{1,50}$/.test(merchantRef))
    throw new RangeError(`Tripay merchant_ref not allowed: ${merchantRef}`);
  if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError(`amount must be whole rupiah: ${amount}`);
  if (!Number.isInteger(expiryMinutes) || expiryMinutes < 1) throw new RangeError('expiryMinutes must be >= 1');
  return {
    method: request.method,
    merchant_ref: merchantRef,
    amount,
    customer_name: request.customer.name,
    customer_email: request.customer.email,
    ...(request.customer.phone ? { customer_phone: request.customer.phone } : {}),
    order_items: [{ sku: request.item.sku, name: request.item.name, price: amount, quantity: 1 }],
    ...(request.callbackUrl ? { callback_url: request.callbackUrl } : {}),
    ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
    expired_time: Math.floor(now.getTime() / 1000) + expiryMinutes * 60,
    signature: tripaySignature(config.merchantCode, merchantRef, amount, config.privateKey),
  };
}

/** A create or detail answer (`{success, message, data}`) as a TripayTransaction. */
export function readTripayTransaction(status: number, body: Record<string, unknown>): TripayResult {
  const message = stringField(body, 'message') ?? `HTTP ${status}`;
  const data = body.data;
  if (body.success !== true || typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, reason: status === 404 ? 'not-found' : 'refused', status, message };
  const fields = data as Record<string, unknown>;
  const reference = stringField(fields, 'reference');
  const merchantRef = stringField(fields, 'merchant_ref');
  const amount = chargedAmount(fields.amount, fields.fee_customer);
  const tripayStatus = stringField(fields, 'status') ?? '';
  const state = tripayState(tripayStatus);
  if (!reference || !merchantRef || amount === undefined || !state)
    return { ok: false, reason: 'bad-answer', status, message: `unreadable transaction: ${tripayStatus}` };
  const transaction: TripayTransaction = {
    reference,
    merchantRef,
    amount,
    method: stringField(fields, 'payment_method') ?? '',
    status: tripayStatus,
    state,
  };
  const payCode = fields.pay_code;
  if ((typeof payCode === 'string' && payCode !== '') || typeof payCode === 'number')
    transaction.payCode = String(payCode);
  const qrString = stringField(fields, 'qr_string');
  if (qrString) transaction.qrString = qrString;
  if (typeof fields.expired_time === 'number' && Number.isSafeInteger(fields.expired_time))
    transaction.expiresAt = new Date(fields.expired_time * 1000).toISOString();
  return { ok: true, transaction };
}

export async function createTripayTransaction(
  config: TripayConfig,
  request: TripayCreateRequest,
  now = new Date(),
): Promise<TripayResult> {
  const body = JSON.stringify(tripayCreateBody(config, request, now));
  const answer = await callGateway(`${config.apiBase}/transaction/create`, {
    method: 'POST',
    headers: headers(config.apiKey),
    body,
  });
  return answer.ok ? readTripayTransaction(answer.status, answer.body) : answer;
}

/** The transaction as Tripay holds it now (by Tripay's reference, from the create answer). */
export async function readTripayDetail(config: TripayConfig, reference: string): Promise<TripayResult> {
  const url = `${config.apiBase}/transaction/detail?reference=${encodeURIComponent(reference)}`;
  const answer = await callGateway(url, { method: 'GET', headers: headers(config.apiKey) });
  return answer.ok ? readTripayTransaction(answer.status, answer.body) : answer;
}
