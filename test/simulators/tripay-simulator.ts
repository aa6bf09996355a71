/**
 * A Tripay API on 127.0.0.1 for tests (docs/payments.md#tripay): POST /transaction/create (closed
 * payment, its HMAC signature checked) and GET /transaction/detail?reference= behind a Bearer API
 * key, under the sandbox's /api-sandbox path, transactions kept in memory. pay / expire / refund
 * change a transaction and post its callback (X-Callback-Event: payment_status, X-Callback-Signature
 * = HMAC-SHA256 of the raw body) to the transaction's callback_url or the one given at start; notify
 * and replay send forged, altered, repeated or late ones. Signatures are computed here on their own.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeServer, deliver, listenLoopback, qrisString, sendJson } from './simulator-http';
import type { Delivery } from './simulator-http';

export type TripayTransaction = {
  reference: string;
  merchantRef: string;
  method: string;
  amount: number;
  feeMerchant: number;
  status: 'UNPAID' | 'PAID' | 'EXPIRED' | 'FAILED' | 'REFUND';
  expiredTime: number;
  paidAt?: number;
  payCode?: string;
  qrString?: string;
  customer: { name: string; email: string; phone: string | null };
  orderItems: unknown[];
  callbackUrl?: string;
};

export type CallbackOptions = {
  privateKey?: string;
  unsigned?: boolean;
  event?: string;
  /** Change the body after signing (an altered callback). */
  alter?: (body: Record<string, unknown>) => void;
  /** Send this status instead of the transaction's own (a late or out-of-order one). */
  as?: TripayTransaction['status'];
};

export type TripaySimulator = {
  /** The base address with its path: the shop's TRIPAY_API_BASE. */
  url: string;
  transactions: Map<string, TripayTransaction>;
  deliveries: Delivery[];
  /** By merchant_ref (the shop's order id) or Tripay's reference. */
  pay: (ref: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  expire: (ref: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  refund: (ref: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  notify: (ref: string, options?: CallbackOptions) => Promise<Delivery>;
  replay: (delivery: Delivery) => Promise<Delivery>;
  close: () => Promise<void>;
};

const CHANNELS: Record<string, string> = {
  QRIS: 'QRIS',
  BRIVA: 'BRI Virtual Account',
  BNIVA: 'BNI Virtual Account',
  BCAVA: 'BCA Virtual Account',
  MANDIRIVA: 'Mandiri Virtual Account',
  PERMATAVA: 'Permata Virtual Account',
  ALFAMART: 'Alfamart',
};
/** The standard list fees (merchant pays): QRIS Rp 750 + 0.7 %, others flat. */
const fee = (method: string, amount: number): number =>
  method === 'QRIS' ? 750 + Math.ceil(amount * 0.007) : method === 'ALFAMART' ? 1250 : 4250;

const hmac = (key: string, data: string): string => createHmac('sha256', key).update(data).digest('hex');

export async function startTripaySimulator(options: {
  apiKey: string;
  privateKey: string;
  merchantCode: string;
  callbackUrl?: string;
  now?: () => Date;
}): Promise<TripaySimulator> {
  const now = options.now ?? (() => new Date());
  const seconds = (): number => Math.floor(now().getTime() / 1000);
  const transactions = new Map<string, TripayTransaction>();
  const deliveries: Delivery[] = [];
  let origin = '';

  const find = (ref: string): TripayTransaction | undefined =>
    transactions.get(ref) ?? [...transactions.values()].find((item) => item.merchantRef === ref);

  function view(item: TripayTransaction): Record<string, unknown> {
    return {
      reference: item.reference,
      merchant_ref: item.merchantRef,
      payment_selection_type: 'static',
      payment_method: item.method,
      payment_name: CHANNELS[item.method],
      customer_name: item.customer.name,
      customer_email: item.customer.email,
      customer_phone: item.customer.phone,
      callback_url: item.callbackUrl ?? null,
      return_url: null,
      amount: item.amount,
      fee_merchant: item.feeMerchant,
      fee_customer: 0,
      total_fee: item.feeMerchant,
      amount_received: item.amount - item.feeMerchant,
      pay_code: item.payCode ?? null,
      pay_url: null,
      checkout_url: `${origin}/checkout/${item.reference}`,
      status: item.status,
      paid_at: item.paidAt ?? null,
      expired_time: item.expiredTime,
      order_items: item.orderItems,
      instructions: [],
      qr_string: item.qrString ?? null,
      qr_url: item.qrString ? `${origin}/qr/${item.reference}` : null,
    };
  }

  function create(text: string, res: ServerResponse): void {
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, { success: false, message: 'Invalid request body' });
    }
    const { method, merchant_ref: merchantRef, amount } = body ?? {};
    if (!Object.hasOwn(CHANNELS, method)) return sendJson(res, 400, { success: false, message: 'Invalid method' });
    if (typeof merchantRef !== 'string' || merchantRef === '')
      return sendJson(res, 400, { success: false, message: 'merchant_ref is required' });
    if (!Number.isSafeInteger(amount) || amount < 1)
      return sendJson(res, 400, { success: false, message: 'amount must be an integer' });
    if (body.signature !== hmac(options.privateKey, options.merchantCode + merchantRef + amount))
      return sendJson(res, 400, { success: false, message: 'Invalid signature' });
    const items: Array<{ price: number; quantity: number }> = Array.isArray(body.order_items) ? body.order_items : [];
    if (items.reduce((sum, item) => sum + item.price * item.quantity, 0) !== amount)
      return sendJson(res, 400, { success: false, message: 'Total amount of order_items does not match amount' });
    const expiredTime = Number.isSafeInteger(body.expired_time) ? body.expired_time : seconds() + 86_400;
    if (expiredTime <= seconds()) return sendJson(res, 400, { success: false, message: 'Invalid expired_time' });
    const reference = `DEV-T${options.merchantCode}${String(transactions.size + 1).padStart(8, '0')}`;
    const item: TripayTransaction = {
      reference,
      merchantRef,
      method,
      amount,
      feeMerchant: fee(method, amount),
      status: 'UNPAID',
      expiredTime,
      customer: { name: body.customer_name, email: body.customer_email, phone: body.customer_phone ?? null },
      orderItems: items,
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : options.callbackUrl,
    };
    if (method === 'QRIS') item.qrString = qrisString('LOOPBOT', reference, amount);
    else item.payCode = `${8_800_000_000 + transactions.size + 1}${String(amount % 1000).padStart(3, '0')}`;
    transactions.set(reference, item);
    sendJson(res, 200, { success: true, message: '', data: view(item) });
  }

  function handle(req: IncomingMessage, text: string, res: ServerResponse): void {
    if (req.headers.authorization !== `Bearer ${options.apiKey}`)
      return sendJson(res, 401, { success: false, message: 'Invalid API key' });
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'POST' && url.pathname === '/api-sandbox/transaction/create') return create(text, res);
    if (req.method === 'GET' && url.pathname === '/api-sandbox/transaction/detail') {
      const item = transactions.get(url.searchParams.get('reference') ?? '');
      return item
        ? sendJson(res, 200, { success: true, message: 'Transaction found', data: view(item) })
        : sendJson(res, 404, { success: false, message: 'Transaction not found' });
    }
    sendJson(res, 404, { success: false, message: 'Not found' });
  }

  const { url, server } = await listenLoopback(handle);
  origin = url;

  async function notify(ref: string, how: CallbackOptions = {}): Promise<Delivery> {
    const item = find(ref);
    if (!item) throw new Error(`simulator: no transaction ${ref}`);
    if (!item.callbackUrl) throw new Error('simulator: no callback URL (callback_url or option)');
    const body: Record<string, unknown> = {
      reference: item.reference,
      merchant_ref: item.merchantRef,
      payment_method: CHANNELS[item.method],
      payment_method_code: item.method,
      total_amount: item.amount,
      fee_merchant: item.feeMerchant,
      fee_customer: 0,
      total_fee: item.feeMerchant,
      amount_received: item.amount - item.feeMerchant,
      is_closed_payment: 1,
      status: how.as ?? item.status,
      paid_at: item.paidAt ?? null,
      note: null,
    };
    // Tripay signs the exact bytes it sends; an alteration after signing is what a forger does.
    const signed = JSON.stringify(body);
    how.alter?.(body);
    const sent = how.alter ? JSON.stringify(body) : signed;
    const headers: Record<string, string> = { 'X-Callback-Event': how.event ?? 'payment_status' };
    if (!how.unsigned) headers['X-Callback-Signature'] = hmac(how.privateKey ?? options.privateKey, signed);
    const delivery = await deliver(item.callbackUrl, sent, headers);
    deliveries.push(delivery);
    return delivery;
  }

  function move(status: TripayTransaction['status'], from: TripayTransaction['status']) {
    return async (ref: string, moveOptions: { notify?: boolean } = {}): Promise<Delivery | undefined> => {
      const item = find(ref);
      if (!item) throw new Error(`simulator: no transaction ${ref}`);
      if (item.status !== from) throw new Error(`simulator: ${ref} is ${item.status}, cannot become ${status}`);
      item.status = status;
      if (status === 'PAID') item.paidAt = seconds();
      return moveOptions.notify === false ? undefined : notify(ref);
    };
  }

  return {
    url: `${url}/api-sandbox`,
    transactions,
    deliveries,
    pay: move('PAID', 'UNPAID'),
    expire: move('EXPIRED', 'UNPAID'),
    refund: move('REFUND', 'PAID'),
    notify,
    replay: async (delivery) => {
      const again = await deliver(delivery.url, delivery.body, delivery.headers);
      deliveries.push(again);
      return again;
    },
    close: () => closeServer(server),
  };
}
