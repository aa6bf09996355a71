/**
 * A Midtrans Core API on 127.0.0.1 for tests (docs/payments.md#midtrans): POST /v2/charge
 * (qris, gopay, shopeepay, bank_transfer) and GET /v2/{order_id|transaction_id}/status behind Basic
 * auth with the server key, transactions kept in memory. pay / expire / refund change a transaction
 * and send its signed notification to the charge's X-Override-Notification URL (or the one given at
 * start); notify and replay send forged, altered, repeated or late ones. Signatures are computed here
 * on their own, not with the shop's code, so a shared mistake cannot pass.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeServer, deliver, listenLoopback, qrisString, sendJson } from './simulator-http';
import type { Delivery } from './simulator-http';
import { jakarta, midtransView } from './midtrans-answers';
import type { MidtransTransaction } from './midtrans-answers';

export type { MidtransTransaction };

export type NotifyOptions = {
  /** Sign with this key instead of the right one (a forgery). */
  serverKey?: string;
  /** Leave out signature_key. */
  unsigned?: boolean;
  /** Change the body after signing (an altered notification). */
  alter?: (body: Record<string, unknown>) => void;
  /** Send this status instead of the transaction's own (a late or out-of-order one). */
  as?: { transactionStatus: string; statusCode: string };
};

export type MidtransSimulator = {
  /** The base address: the shop's MIDTRANS_API_BASE. */
  url: string;
  transactions: Map<string, MidtransTransaction>;
  /** Every delivery made, in order, with the shop's answer. */
  deliveries: Delivery[];
  /** Settles the order and notifies (unless `notify` is false: a lost notification). */
  pay: (orderId: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  expire: (orderId: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  refund: (orderId: string, options?: { notify?: boolean }) => Promise<Delivery | undefined>;
  /** Sends a notification of the order's current status, signed right unless told otherwise. */
  notify: (orderId: string, options?: NotifyOptions) => Promise<Delivery>;
  /** Sends an earlier delivery again, byte for byte. */
  replay: (delivery: Delivery) => Promise<Delivery>;
  close: () => Promise<void>;
};

const BANKS = ['bca', 'bni', 'bri', 'permata', 'cimb'];
const TYPES = ['qris', 'gopay', 'shopeepay', 'bank_transfer'];
/** Midtrans's defaults when a charge sets no custom_expiry. */
const DEFAULT_EXPIRY_MINUTES: Record<string, number> = { qris: 15, gopay: 15, shopeepay: 5, bank_transfer: 1440 };
const UNIT_MINUTES: Record<string, number> = { second: 1 / 60, minute: 1, hour: 60, day: 1440 };

function invalid(res: ServerResponse, message: string): void {
  sendJson(res, 400, {
    status_code: '400',
    status_message: 'One or more parameters in the payload is invalid.',
    validation_messages: [message],
  });
}

export async function startMidtransSimulator(options: {
  serverKey: string;
  notificationUrl?: string;
  now?: () => Date;
}): Promise<MidtransSimulator> {
  const now = options.now ?? (() => new Date());
  const transactions = new Map<string, MidtransTransaction>();
  const deliveries: Delivery[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`;
  let base = '';

  const find = (id: string): MidtransTransaction | undefined =>
    transactions.get(id) ?? [...transactions.values()].find((item) => item.transactionId === id);

  function charge(req: IncomingMessage, text: string, res: ServerResponse): void {
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      return invalid(res, 'body is not JSON');
    }
    const type = body?.payment_type;
    const details = body?.transaction_details ?? {};
    const orderId = details.order_id;
    const amount = details.gross_amount;
    if (!TYPES.includes(type)) return invalid(res, 'payment_type is not supported');
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9\-_.~]{1,50}$/.test(orderId))
      return invalid(res, 'transaction_details.order_id is invalid');
    if (!Number.isSafeInteger(amount) || amount < 1)
      return invalid(res, 'transaction_details.gross_amount must be a whole number');
    const items: Array<{ price: number; quantity: number }> = body.item_details ?? [];
    if (items.length > 0 && items.reduce((sum, item) => sum + item.price * item.quantity, 0) !== amount)
      return invalid(res, 'transaction_details.gross_amount is not equal to the sum of item_details');
    const bank = type === 'bank_transfer' ? body.bank_transfer?.bank : undefined;
    if (type === 'bank_transfer' && !BANKS.includes(bank)) return invalid(res, 'bank_transfer.bank is not supported');
    if (transactions.has(orderId))
      return sendJson(res, 406, {
        status_code: '406',
        status_message:
          'The request could not be completed due to a conflict with the current state of the target resource, please try again',
      });
    const expiry = body.custom_expiry;
    const minutes = expiry
      ? Number(expiry.expiry_duration) * (UNIT_MINUTES[expiry.unit ?? 'minute'] ?? NaN)
      : DEFAULT_EXPIRY_MINUTES[type]!;
    if (!(minutes > 0)) return invalid(res, 'custom_expiry is invalid');
    const created = now();
    const transactionId = randomUUID();
    const override = req.headers['x-override-notification'];
    const item: MidtransTransaction = {
      orderId,
      transactionId,
      amount,
      paymentType: type,
      transactionStatus: 'pending',
      statusCode: '201',
      transactionTime: jakarta(created),
      expiryTime: jakarta(new Date(created.getTime() + minutes * 60_000)),
      notificationUrl: typeof override === 'string' ? override.split(',')[0]!.trim() : options.notificationUrl,
    };
    if (bank) {
      item.bank = bank;
      item.vaNumber = `${{ bca: '12345', bni: '98800', bri: '26215', permata: '87780', cimb: '50880' }[bank as string]}${String(transactions.size + 1).padStart(11, '0')}`;
    }
    if (type === 'qris') item.qrString = qrisString('LOOPBOT', transactionId, amount);
    transactions.set(orderId, item);
    sendJson(res, 200, midtransView(item, base));
  }

  function handle(req: IncomingMessage, text: string, res: ServerResponse): void {
    if (req.headers.authorization !== expectedAuth)
      return sendJson(res, 401, {
        status_code: '401',
        status_message: 'Access denied due to unauthorized transaction, please check client or server key',
      });
    const path = new URL(req.url ?? '/', base).pathname;
    if (req.method === 'POST' && path === '/v2/charge') return charge(req, text, res);
    const status = /^\/v2\/([^/]+)\/status$/.exec(path);
    if (req.method === 'GET' && status) {
      const item = find(decodeURIComponent(status[1]!));
      return item
        ? sendJson(res, 200, midtransView(item, base))
        : sendJson(res, 404, { status_code: '404', status_message: "Transaction doesn't exist." });
    }
    sendJson(res, 404, { status_code: '404', status_message: 'The requested resource is not found' });
  }

  const { url, server } = await listenLoopback(handle);
  base = url;

  function notificationBody(item: MidtransTransaction, how: NotifyOptions): Record<string, unknown> {
    const body = midtransView(item, base);
    delete body.actions;
    delete body.qr_string;
    delete body.expiry_time;
    body.status_message = 'midtrans payment notification';
    if (how.as) {
      body.transaction_status = how.as.transactionStatus;
      body.status_code = how.as.statusCode;
    }
    const key = how.serverKey ?? options.serverKey;
    if (!how.unsigned)
      body.signature_key = createHash('sha512')
        .update(`${body.order_id}${body.status_code}${body.gross_amount}${key}`)
        .digest('hex');
    how.alter?.(body);
    return body;
  }

  async function notify(orderId: string, notifyOptions: NotifyOptions = {}): Promise<Delivery> {
    const item = transactions.get(orderId);
    if (!item) throw new Error(`simulator: no transaction ${orderId}`);
    if (!item.notificationUrl) throw new Error('simulator: no notification URL (X-Override-Notification or option)');
    const delivery = await deliver(item.notificationUrl, JSON.stringify(notificationBody(item, notifyOptions)), {});
    deliveries.push(delivery);
    return delivery;
  }

  function move(transactionStatus: string, statusCode: string, from: string[]) {
    return async (orderId: string, moveOptions: { notify?: boolean } = {}): Promise<Delivery | undefined> => {
      const item = transactions.get(orderId);
      if (!item) throw new Error(`simulator: no transaction ${orderId}`);
      if (!from.includes(item.transactionStatus))
        throw new Error(`simulator: ${orderId} is ${item.transactionStatus}, cannot become ${transactionStatus}`);
      item.transactionStatus = transactionStatus;
      item.statusCode = statusCode;
      if (transactionStatus === 'settlement') item.settlementTime = jakarta(now());
      return moveOptions.notify === false ? undefined : notify(orderId);
    };
  }

  return {
    url,
    transactions,
    deliveries,
    pay: move('settlement', '200', ['pending']),
    // Midtrans's own expire notification carries status_code 202 (docs/payments.md#midtrans).
    expire: move('expire', '202', ['pending']),
    refund: move('refund', '200', ['settlement']),
    notify,
    replay: async (delivery) => {
      const again = await deliver(delivery.url, delivery.body, {});
      deliveries.push(again);
      return again;
    },
    close: () => closeServer(server),
  };
}
