/**
 * A Lynk.id delivery read field by field. Known payloads carry `event` and, for a payment,
 * `data.message_id` and `data.message_data` with `refId`, `totals.grandTotal` (whole rupiah),
 * `customer` and `items`. Extra fields are ignored; missing optional ones (name, phone) read as
 * empty. What the signature covers is read first, so a delivery is verified before the rest; the
 * rest is then read into the order's own input (`PaidOrder`).
 */
import { HttpError } from '../http/http-error';
import { GRAND_TOTAL_TEXT_PATTERN } from '../../contract/calls/webhooks';
import type { PaidItem, PaidOrder } from '../orders';
import { lynkSignedString } from './lynk-signature';
import type { SignedFields } from './lynk-signature';

const MAX_ITEMS = 50;
const MAX_TEXT = 300;
const GRAND_TOTAL_TEXT = new RegExp(GRAND_TOTAL_TEXT_PATTERN);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function malformed(field: string, rule: string): HttpError {
  return new HttpError(400, `${field} ${rule}`);
}

function objectAt(parent: Json, name: string, path: string): Json {
  const value = parent[name];
  if (!isObject(value)) throw malformed(path, value === undefined ? 'is required' : 'must be an object');
  return value;
}

/** A required identifier: a non-empty text (or a whole number, as some senders write ids). */
function idAt(parent: Json, name: string, path: string): string {
  const value = parent[name];
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : undefined;
  if (text === undefined || text === '')
    throw malformed(path, value === undefined ? 'is required' : 'must be a non-empty text');
  if (text.length > 200) throw malformed(path, 'is too long');
  return text;
}

/**
 * An optional text: absent or null reads as empty; numbers (phone numbers) are taken as written.
 * U+0000 becomes U+FFFD instead of a 400 (which every other request gets): refusing a paid
 * delivery would only make Lynk retry the same bytes, and PostgreSQL cannot store U+0000 at all.
 */
function optionalText(parent: Json | undefined, name: string, path: string, max = MAX_TEXT): string {
  const value = parent?.[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') throw malformed(path, 'must be a text');
  return String(value).replaceAll('\u0000', '\uFFFD').trim().slice(0, max);
}

/** The event name: `payment.received`, `test_event`, or another the shop does not act on. */
export function lynkEventName(body: Json): string {
  const event = body.event;
  if (typeof event !== 'string' || event.trim() === '')
    throw malformed('event', event === undefined ? 'is required' : 'must be a text');
  return event.trim();
}

/** The fields the signature covers, as the signature reads them. */
export function lynkSignedFields(body: Json): SignedFields {
  const data = objectAt(body, 'data', 'data');
  const messageData = objectAt(data, 'message_data', 'data.message_data');
  const totals = objectAt(messageData, 'totals', 'data.message_data.totals');
  const total = totals.grandTotal;
  const grandTotal =
    typeof total === 'number' && Number.isSafeInteger(total) && total >= 0
      ? String(total)
      : typeof total === 'string' && GRAND_TOTAL_TEXT.test(total)
        ? total
        : undefined;
  if (grandTotal === undefined)
    throw malformed(
      'data.message_data.totals.grandTotal',
      total === undefined ? 'is required' : 'must be a whole number of rupiah',
    );
  return {
    grandTotal,
    refId: idAt(messageData, 'refId', 'data.message_data.refId'),
    messageId: idAt(data, 'message_id', 'data.message_id'),
  };
}

function itemAt(value: unknown, index: number): PaidItem {
  const path = `data.message_data.items[${index}]`;
  if (!isObject(value)) throw malformed(path, 'must be an object');
  const title = optionalText(value, 'title', `${path}.title`);
  if (title === '') throw malformed(`${path}.title`, 'is required');
  const qty = value.qty ?? 1;
  if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1 || qty > 1000)
    throw malformed(`${path}.qty`, 'must be a whole number from 1 to 1000');
  const price = value.price ?? 0;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
    throw malformed(`${path}.price`, 'must be a number of rupiah');
  return { title, qty, price };
}

/**
 * The whole payment, after its signature was found good, as an order: refId is its reference,
 * grandTotal its amount, and grandTotal + refId + message_id the signed string (one payment's,
 * whatever boundary its ids arrive with).
 */
export function lynkPaidOrder(body: Json, signed: SignedFields): PaidOrder {
  const messageData = objectAt(objectAt(body, 'data', 'data'), 'message_data', 'data.message_data');
  const customerValue = messageData.customer;
  if (customerValue !== undefined && customerValue !== null && !isObject(customerValue))
    throw malformed('data.message_data.customer', 'must be an object');
  const customer = customerValue ?? undefined;
  const items = messageData.items;
  if (!Array.isArray(items) || items.length === 0)
    throw malformed('data.message_data.items', items === undefined ? 'is required' : 'must be a non-empty list');
  if (items.length > MAX_ITEMS) throw malformed('data.message_data.items', `must have at most ${MAX_ITEMS} items`);
  return {
    reference: signed.refId,
    messageId: signed.messageId,
    amountIdr: Number(signed.grandTotal),
    signedString: lynkSignedString(signed),
    buyer: {
      name: optionalText(customer, 'name', 'data.message_data.customer.name', 200),
      email: optionalText(customer, 'email', 'data.message_data.customer.email', 254),
      phone: optionalText(customer, 'phone', 'data.message_data.customer.phone', 40),
    },
    items: items.map(itemAt),
  };
}
