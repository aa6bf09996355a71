/**
 * Midtrans Core API: a charge for QRIS, GoPay, ShopeePay or a bank virtual account, and the status
 * of an order read back. Plain fetch against the configured base address (docs/payments.md#midtrans).
 * Amounts are whole rupiah.
 */
import { callGateway, stringField, wholeRupiah } from './gateway-call';
import type { GatewayFailure } from './gateway-call';
import type { MidtransConfig } from './payment-config';
import { midtransState } from './payment-state';
import type { PaymentState } from './payment-state';

export const MIDTRANS_BANKS = ['bca', 'bni', 'bri', 'permata', 'cimb'] as const;
export type MidtransBank = (typeof MIDTRANS_BANKS)[number];

export type MidtransMethod =
  { type: 'qris' } | { type: 'gopay' } | { type: 'shopeepay' } | { type: 'bank_transfer'; bank: MidtransBank };

export type MidtransChargeRequest = {
  /** The shop's order id: at most 50 of A-Z a-z 0-9 - _ . ~ (Midtrans's rule). */
  orderId: string;
  amount: number;
  method: MidtransMethod;
  expiryMinutes: number;
  item: { id: string; name: string };
  customer: { email: string; name?: string; phone?: string };
  /** Where Midtrans posts this charge's notifications (X-Override-Notification), instead of the dashboard's URL. */
  notificationUrl?: string;
  /** Where the e-wallet app sends the buyer back after paying. */
  finishUrl?: string;
};

/** A charge or a status as the shop keeps it. */
export type MidtransPayment = {
  orderId: string;
  transactionId: string;
  amount: number;
  state: PaymentState;
  transactionStatus: string;
  paymentType: string;
  /** QRIS: the string the shop draws as its own QR code. */
  qrString?: string;
  /** GoPay and ShopeePay: the app link for a buyer whose QR code would be on the same phone. */
  deeplink?: string;
  vaNumber?: { bank: string; number: string };
  /** UTC ISO. */
  expiresAt?: string;
};

export type MidtransResult = { ok: true; payment: MidtransPayment } | GatewayFailure;

const ORDER_ID = /^[A-Za-z0-9\-_.~]{1,50}$/;
/** Midtrans writes and reads times in Jakarta time (GMT+7) whatever the shop's zone. */
const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** `2026-12-08 07:30:00 +0700`, the custom_expiry order_time format. */
export function midtransTime(at: Date): string {
  const iso = new Date(at.getTime() + JAKARTA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +0700`;
}

/** UTC ISO from a Midtrans time (`2026-12-08 07:30:00`, Jakarta), or undefined. */
export function midtransTimeToIso(text: unknown): string | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return undefined;
  const at = new Date(`${text.replace(' ', 'T')}+07:00`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function midtransHeaders(serverKey: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`,
  };
}

/** The /v2/charge body. Throws on a request the shop should never build (a fraction of a rupiah...). */
export function midtransChargeBody(request: MidtransChargeRequest, now = new Date()): Record<string, unknown> {
  const { orderId, amount, method, expiryMinutes } = request;
  if (!ORDER_ID.test(orderId)) throw new RangeError(`Midtrans order id not allowed: ${orderId}`);
  if (!Number.isSafeInteger(amount) || amount < 1) throw new RangeError(`amount must be whole rupiah: ${amount}`);
  if (!Number.isInteger(expiryMinutes) || expiryMinutes < 1) throw new RangeError('expiryMinutes must be >= 1');
  const body: Record<string, unknown> = {
    payment_type: method.type,
    transaction_details: { order_id: orderId, gross_amount: amount },
    item_details: [{ id: request.item.id, price: amount, quantity: 1, name: request.item.name.slice(0, 50) }],
    customer_details: {
      email: request.customer.email,
      ...(request.customer.name ? { first_name: request.customer.name.slice(0, 255) } : {}),
      ...(request.customer.phone ? { phone: request.customer.phone } : {}),
    },
    custom_expiry: { order_time: midtransTime(now), expiry_duration: expiryMinutes, unit: 'minute' },
  };
  if (method.type === 'bank_transfer') body.bank_transfer = { bank: method.bank };
  if (method.type === 'qris') body.qris = { acquirer: 'gopay' };
  if (method.type === 'gopay')
    body.gopay = request.finishUrl ? { enable_callback: true, callback_url: request.finishUrl } : {};
  if (method.type === 'shopeepay') body.shopeepay = request.finishUrl ? { callback_url: request.finishUrl } : {};
  return body;
}

function actionUrl(body: Record<string, unknown>, name: string): string | undefined {
  const actions = Array.isArray(body.actions) ? body.actions : [];
  for (const action of actions) {
    if (typeof action === 'object' && action !== null && (action as { name?: unknown }).name === name) {
      const url = (action as { url?: unknown }).url;
      if (typeof url === 'string' && url !== '') return url;
    }
  }
  return undefined;
}

function vaNumber(body: Record<string, unknown>): MidtransPayment['vaNumber'] {
  const permata = stringField(body, 'permata_va_number');
  if (permata) return { bank: 'permata', number: permata };
  const first: unknown = Array.isArray(body.va_numbers) ? body.va_numbers[0] : undefined;
  if (typeof first !== 'object' || first === null) return undefined;
  const { bank, va_number: number } = first as { bank?: unknown; va_number?: unknown };
  return typeof bank === 'string' && typeof number === 'string' && number !== '' ? { bank, number } : undefined;
}

/** A charge or status answer as a MidtransPayment; an answer without a transaction is a failure. */
export function readMidtransPayment(status: number, body: Record<string, unknown>): MidtransResult {
  const orderId = stringField(body, 'order_id');
  const transactionId = stringField(body, 'transaction_id');
  const transactionStatus = stringField(body, 'transaction_status');
  const message = stringField(body, 'status_message') ?? `HTTP ${status}`;
  if (!orderId || !transactionId || !transactionStatus) {
    const notFound = status === 404 || stringField(body, 'status_code') === '404';
    return { ok: false, reason: notFound ? 'not-found' : 'refused', status, message };
  }
  const amount = wholeRupiah(body.gross_amount);
  const state = midtransState(transactionStatus, stringField(body, 'fraud_status'));
  if (amount === undefined || state === undefined)
    return { ok: false, reason: 'bad-answer', status, message: `unreadable amount or status: ${transactionStatus}` };
  const payment: MidtransPayment = {
    orderId,
    transactionId,
    amount,
    state,
    transactionStatus,
    paymentType: stringField(body, 'payment_type') ?? '',
  };
  const qrString = stringField(body, 'qr_string');
  const deeplink = actionUrl(body, 'deeplink-redirect');
  const va = vaNumber(body);
  const expiresAt = midtransTimeToIso(body.expiry_time);
  if (qrString) payment.qrString = qrString;
  if (deeplink) payment.deeplink = deeplink;
  if (va) payment.vaNumber = va;
  if (expiresAt) payment.expiresAt = expiresAt;
  return { ok: true, payment };
}

/** Creates the charge: the QR string, app link or VA number to show, and its expiry. */
export async function createMidtransCharge(
  config: MidtransConfig,
  request: MidtransChargeRequest,
  now = new Date(),
): Promise<MidtransResult> {
  const headers = midtransHeaders(config.serverKey);
  if (request.notificationUrl) headers['X-Override-Notification'] = request.notificationUrl;
  const body = JSON.stringify(midtransChargeBody(request, now));
  const answer = await callGateway(`${config.apiBase}/v2/charge`, { method: 'POST', headers, body });
  return answer.ok ? readMidtransPayment(answer.status, answer.body) : answer;
}

/** The order's status as Midtrans holds it now: what a notification is checked against. */
export async function readMidtransStatus(config: MidtransConfig, orderId: string): Promise<MidtransResult> {
  const url = `${config.apiBase}/v2/${encodeURIComponent(orderId)}/status`;
  const answer = await callGateway(url, { method: 'GET', headers: midtransHeaders(config.serverKey) });
  return answer.ok ? readMidtransPayment(answer.status, answer.body) : answer;
}
