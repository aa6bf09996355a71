/**
 * Paid marketplace orders: one row per payment (its ref id is unique, so a delivery repeated by
 * the marketplace finds the order it already made), the items as bought, and which licences the
 * order issued or extended (order_licenses).
 */
import { likePattern } from './licenses/page';
import { containsAny, newestFirstPage } from './newest-first-page';
import type { Conditions } from './newest-first-page';
import type { LoopstreamRow } from './loopstreams';
import { checkSignedString } from './order-signatures';
import { NEEDS_OWNER_SQL, ORDER_EFFECTIVE_STATUS_SQL } from './order-status-sql';
import type { Sql, Transaction } from './store';
import type { OrderStatus } from '../contract/calls/orders';
import type { OrderEffectiveStatus } from '../contract/rules/order-effective-status';
import type { APP_TYPES, LICENSE_CHANGES, Word } from '../contract/rules/vocabulary';

/** An item as the marketplace sent it, with the plan it was matched to (null when none matched). */
export type OrderItem = {
  title: string;
  qty: number;
  /** The price the marketplace reported for one (not signed: for reading only). */
  price: number;
  plan_id: string | null;
  plan_name: string | null;
  /** The catalogue's price of the plan when the order came in. */
  plan_price_idr: number | null;
};

export type NewOrder = {
  ref_id: string;
  message_id: string;
  /** What the marketplace signed (Lynk.id: grandTotal + refId + message_id); unique: see order-signatures.ts. */
  signed_string: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  items: OrderItem[];
  amount_idr: number;
  status: OrderStatus;
  /** Why the order needs the owner (needs_review, needs_setup); empty when fulfilled. */
  note: string;
};

/** A licence an order issued or extended, as it is now (a deleted one is left out). */
export type OrderLicenseRow = {
  id: number;
  license_key: string;
  app_type: Word<typeof APP_TYPES>;
  expired_date: string;
  change: LicenseChange;
  days: number;
};

export type OrderRow = Omit<NewOrder, 'signed_string'> & {
  id: number;
  /** Null for an order older than the column whose string another order already held. */
  signed_string: string | null;
  /** Deliveries refused because they re-split this order's signed ids. */
  replays_refused: number;
  handled_at: string | null;
  /** An order under review that the owner's step delivered (counted as revenue: data/insights/by-hand-migration.ts). */
  resolved_by_hand_at: string | null;
  created_at: string;
  updated_at: string;
  /** Every licence the order issued or extended, deleted ones too. */
  license_ids: number[];
  licenses: OrderLicenseRow[];
  /** The LoopStream records set up from the order (still existing). */
  loopstreams: LoopstreamRow[];
};

/** What the order did to a licence. */
export type LicenseChange = Word<typeof LICENSE_CHANGES>;

type StoredOrder = Omit<OrderRow, 'items' | 'license_ids' | 'licenses' | 'loopstreams'> & { items: string };

export type OrderLicenseLink = {
  order_id: number;
  license_id: number;
  change: LicenseChange;
  days: number;
  plan_id: string | null;
};

export type OrderPageQuery = { search: string; status?: OrderStatus; page: number; perPage: number };

/**
 * Inserts the order unless one with its ref id exists: concurrent deliveries of one payment wait
 * on the unique index and find the first one's order. `created` tells which happened. A delivery
 * whose signed string an order with another ref id holds throws SignatureReusedError (the unique
 * index makes two concurrent re-splits wait for each other, across instances too).
 */
export async function insertOrderIn(
  tx: Transaction,
  order: NewOrder,
  at: string,
): Promise<{ id: number; status: OrderStatus; created: boolean }> {
  const inserted = await tx.get<{ id: number }>(
    `INSERT INTO orders (ref_id, message_id, signed_string, customer_name, customer_email, customer_phone, items, amount_idr,
       status, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      order.ref_id,
      order.message_id,
      order.signed_string,
      order.customer_name,
      order.customer_email,
      order.customer_phone,
      JSON.stringify(order.items),
      order.amount_idr,
      order.status,
      order.note,
      at,
      at,
    ],
  );
  if (inserted) return { id: inserted.id, status: order.status, created: true };
  await checkSignedString(tx, order.signed_string, order.ref_id);
  const existing = await tx.get<{ id: number; status: OrderStatus }>('SELECT id, status FROM orders WHERE ref_id = ?', [
    order.ref_id,
  ]);
  return { id: existing!.id, status: existing!.status, created: false };
}

export async function linkOrderLicenseIn(tx: Transaction, link: OrderLicenseLink): Promise<void> {
  await tx.run('INSERT INTO order_licenses (order_id, license_id, change, days, plan_id) VALUES (?, ?, ?, ?, ?)', [
    link.order_id,
    link.license_id,
    link.change,
    link.days,
    link.plan_id,
  ]);
}

/** SQL's lower() as both engines run it here (SQLite's, and PostgreSQL's on "C" text): A-Z only. */
export const lowerAscii = (text: string): string => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * The buyer's licences of one app, by e-mail in any ASCII case; oldest first. Through the index on
 * (lower(email), app_type): on PostgreSQL a scan would lock the whole table for every order's
 * SERIALIZABLE transaction, making concurrent orders conflict with each other.
 */
export async function licenseIdsByEmail(db: Sql, email: string, appType: string): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    'SELECT id FROM licenses WHERE lower(email) = ? AND app_type = ? ORDER BY id',
    [lowerAscii(email), appType],
  );
  return rows.map((row) => row.id);
}

async function withLicenses(db: Sql, rows: StoredOrder[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  type Link = Omit<OrderLicenseRow, 'license_key' | 'app_type' | 'expired_date'> & {
    order_id: number;
    license_key: string | null;
    app_type: OrderLicenseRow['app_type'] | null;
    expired_date: string | null;
  };
  const links = await db.all<Link>(
    `SELECT ol.order_id, ol.license_id AS id, ol.change, ol.days, l.license_key, l.app_type, l.expired_date
     FROM order_licenses ol LEFT JOIN licenses l ON l.id = ol.license_id
     WHERE ol.order_id IN (${rows.map(() => '?').join(', ')}) ORDER BY ol.order_id, ol.license_id`,
    rows.map((row) => row.id),
  );
  const streams = await db.all<LoopstreamRow>(
    `SELECT * FROM loopstreams WHERE order_id IN (${rows.map(() => '?').join(', ')}) ORDER BY order_id, id`,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const mine = links.filter((link) => link.order_id === row.id);
    return {
      ...row,
      loopstreams: streams.filter((stream) => stream.order_id === row.id),
      items: JSON.parse(row.items) as OrderItem[],
      license_ids: mine.map((link) => link.id),
      licenses: mine.flatMap(({ order_id: _order, license_key, app_type, expired_date, ...link }) =>
        license_key !== null && app_type !== null && expired_date !== null
          ? [{ ...link, license_key, app_type, expired_date }]
          : [],
      ),
    };
  });
}

export async function findOrder(db: Sql, id: number): Promise<OrderRow | undefined> {
  const row = await db.get<StoredOrder>('SELECT * FROM orders WHERE id = ?', [id]);
  return row && (await withLicenses(db, [row]))[0];
}

/** One page, newest first: a status, and a case-insensitive "contains" over buyer name, e-mail, phone and ref id. */
export async function findOrderPage(
  db: Sql,
  query: OrderPageQuery,
): Promise<{ orders: OrderRow[]; total: number; pages: number }> {
  const conditions: Conditions = { where: [], params: [] };
  if (query.status) {
    // Filtered as the rows read: a handled order is done, listed with the fulfilled ones.
    conditions.where.push(`(${ORDER_EFFECTIVE_STATUS_SQL}) IN (?, ?)`);
    conditions.params.push(query.status, query.status === 'fulfilled' ? 'handled' : query.status);
  }
  if (query.search)
    containsAny(
      conditions,
      ['customer_name', 'customer_email', 'customer_phone', 'ref_id'],
      likePattern(query.search.toLowerCase()),
    );
  const { rows, total, pages } = await newestFirstPage<StoredOrder>(
    db,
    'orders',
    conditions,
    query.page,
    query.perPage,
  );
  return { orders: await withLicenses(db, rows), total, pages };
}

/** The owner dealt with an order that needed them (set the server up, reviewed it); false when the id is unknown. */
export async function markOrderHandled(db: Sql, id: number, at: string): Promise<boolean> {
  const { changes } = await db.run(
    'UPDATE orders SET handled_at = coalesce(handled_at, ?), updated_at = ? WHERE id = ?',
    [at, at, id],
  );
  return changes === 1;
}

/** Marks an order under review as resolved by the owner's step, which delivered it (it then counts as revenue). */
export async function markOrderResolvedByHandIn(tx: Transaction, id: number, at: string): Promise<void> {
  await tx.run('UPDATE orders SET resolved_by_hand_at = coalesce(resolved_by_hand_at, ?) WHERE id = ?', [at, id]);
}

/** Orders by effective status (contract/rules/order-effective-status.ts), every one present (0 when none). */
export async function orderEffectiveStatusCounts(db: Sql): Promise<Record<OrderEffectiveStatus, number>> {
  const counts: Record<OrderEffectiveStatus, number> = { fulfilled: 0, handled: 0, needs_setup: 0, needs_review: 0 };
  const rows = await db.all<{ status: string; n: number }>(
    `SELECT ${ORDER_EFFECTIVE_STATUS_SQL} AS status, count(*) AS n FROM orders GROUP BY 1`,
  );
  for (const row of rows) if (row.status in counts) counts[row.status as OrderEffectiveStatus] = Number(row.n);
  return counts;
}

/** Orders since `since` (the start of the shop's day), and orders that need the owner and were not handled yet. */
export async function orderCounts(db: Sql, since: string): Promise<{ today: number; needingAttention: number }> {
  const today =
    (await db.get<{ n: number }>('SELECT count(*) AS n FROM orders WHERE created_at >= ?', [since]))?.n ?? 0;
  const needingAttention =
    (await db.get<{ n: number }>(`SELECT count(*) AS n FROM orders WHERE ${NEEDS_OWNER_SQL}`))?.n ?? 0;
  return { today, needingAttention };
}
