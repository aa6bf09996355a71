/** Lynk.id deliveries as the marketplace sends them, signed with the test merchant key, and reads of what they left. */
import { randomUUID } from 'node:crypto';
import { lynkSignature } from '../../api/webhooks/lynk-signature';
import { call } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';

export const MERCHANT_KEY = 'test-merchant-key-0123456789';
export const WEBHOOK = '/api/webhooks/lynk';

export type PaymentInput = {
  refId?: string;
  messageId?: string;
  email?: string;
  name?: string;
  phone?: string;
  items?: Array<{ title: string; qty?: number; price?: number }>;
  /** Default: the items' prices × qty. */
  total?: number;
};

export type Delivery = { body: Record<string, unknown>; signature: string };

/** A `payment.received` delivery and its signature: sha256(grandTotal + refId + message_id + key). */
export function paymentDelivery(input: PaymentInput = {}, key = MERCHANT_KEY): Delivery {
  const refId = input.refId ?? `REF-${randomUUID().slice(0, 8)}`;
  const messageId = input.messageId ?? `msg-${randomUUID()}`;
  const items = (input.items ?? [{ title: 'LoopBOT 1 Bulan', price: 150_000 }]).map((item) => ({
    qty: 1,
    price: 0,
    ...item,
  }));
  const grandTotal = input.total ?? items.reduce((sum, item) => sum + item.price * item.qty, 0);
  const body = {
    event: 'payment.received',
    data: {
      message_action: 'SUCCESS',
      message_id: messageId,
      message_data: {
        refId,
        createdAt: new Date().toISOString(),
        totals: { totalItemsPrice: grandTotal, grandTotal },
        customer: {
          name: input.name ?? 'Budi Santoso',
          email: input.email ?? 'budi@example.com',
          phone: input.phone ?? '0812-3456-7890',
        },
        items,
      },
    },
  };
  return { body, signature: lynkSignature({ grandTotal: String(grandTotal), refId, messageId }, key) };
}

/**
 * The same delivery with the boundary between refId and message_id moved to `at` (characters of
 * their concatenation) and another buyer: the signed string, and so the signature, stay the same.
 */
export function resplit(delivery: Delivery, at: number, email: string): Delivery {
  const copy = structuredClone(delivery);
  const data = copy.body.data as { message_id: string; message_data: { refId: string; customer: { email: string } } };
  const joined = data.message_data.refId + data.message_id;
  data.message_data.refId = joined.slice(0, at);
  data.message_id = joined.slice(at);
  data.message_data.customer.email = email;
  return copy;
}

export function deliver(
  server: TestServer,
  delivery: Delivery,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  return call(server.url, 'POST', WEBHOOK, {
    body: delivery.body,
    headers: { 'x-lynk-signature': delivery.signature, ...headers },
  });
}

export type Tables = { orders: number; licenses: number; outbox: number; reminders: number };

/** Row counts of what a delivery may write, read straight from the store. */
export async function tableCounts(server: TestServer): Promise<Tables> {
  const count = async (table: string): Promise<number> =>
    Number((await server.app.ctx.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0);
  return {
    orders: await count('orders'),
    licenses: await count('licenses'),
    outbox: await count('outbox'),
    reminders: await count('license_reminders'),
  };
}

/**
 * Waits until every e-mail in the outbox has been handed to the mail server (none queued or being
 * sent): after that, nothing a delivery wrote can still send anything.
 */
export async function outboxDrained(server: TestServer): Promise<void> {
  const pending = async (): Promise<number> =>
    Number(
      (
        await server.app.ctx.db.get<{ n: number }>(
          `SELECT count(*) AS n FROM outbox WHERE status IN ('queued', 'sending')`,
        )
      )?.n ?? 0,
    );
  await waitUntil(async () => (await pending()) === 0, 15_000, 'the outbox to be sent');
}

/** The licence key in a licence e-mail (the default template's "Kunci lisensi: ..." line). */
export function keyInMail(text: string): string {
  const match = /Kunci lisensi: (\S+)/.exec(text);
  if (!match) throw new Error(`no licence key in the e-mail:\n${text}`);
  return match[1]!;
}

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
