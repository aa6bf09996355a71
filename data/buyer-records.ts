/**
 * What a buyer's e-mail address owns, for /lisensi: licences, LoopStream access records and
 * orders whose address is the buyer's in any ASCII case (the address is trimmed and lower-cased
 * by the caller), and one licence's history sources. Every lookup by id also matches the address,
 * so another buyer's id finds nothing.
 */
import { lowerAscii } from './orders';
import type { OrderStatus } from '../contract/calls/orders';
import type { OrderItem } from './orders';
import type { LoopstreamRow } from './loopstreams';
import type { LicenseEventRow } from './licenses/events';
import type { StoredLicense } from './licenses/licenses';
import type { Sql } from './store';

/** The licence as stored (the expiry, not `status`, decides `expired`) and its latest order's plan. */
export type BuyerLicenseRow = Omit<StoredLicense, 'created_at' | 'updated_at'> & {
  /** The plan of the latest order that issued or extended it; null when no order did. */
  plan_id: string | null;
};

export type BuyerOrderRow = {
  id: number;
  ref_id: string;
  created_at: string;
  items: OrderItem[];
  amount_idr: number;
  status: OrderStatus;
  handled_at: string | null;
};

export type LicenseOrderLink = {
  order_id: number;
  ref_id: string | null;
  change: string;
  days: number;
  at: string | null;
};

const LICENSE_SELECT = `SELECT id, license_key, email, app_type, status, expired_date, device_id, device_name, device_activated_at,
  last_seen_at, app_version,
  (SELECT ol.plan_id FROM order_licenses ol WHERE ol.license_id = licenses.id AND ol.plan_id IS NOT NULL
   ORDER BY ol.order_id DESC LIMIT 1) AS plan_id
  FROM licenses`;

/** Whether any licence, LoopStream record or order has the address. */
export async function isKnownBuyer(db: Sql, email: string): Promise<boolean> {
  const lower = lowerAscii(email);
  const row = await db.get(
    `SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM licenses WHERE lower(email) = ?)
       OR EXISTS (SELECT 1 FROM loopstreams WHERE lower(buyer_email) = ?)
       OR EXISTS (SELECT 1 FROM orders WHERE lower(customer_email) = ?)`,
    [lower, lower, lower],
  );
  return row !== undefined;
}

export async function buyerLicenses(db: Sql, email: string): Promise<BuyerLicenseRow[]> {
  return db.all<BuyerLicenseRow>(`${LICENSE_SELECT} WHERE lower(email) = ? ORDER BY expired_date DESC, id DESC`, [
    lowerAscii(email),
  ]);
}

export async function buyerLicense(db: Sql, email: string, id: number): Promise<BuyerLicenseRow | undefined> {
  return db.get<BuyerLicenseRow>(`${LICENSE_SELECT} WHERE id = ? AND lower(email) = ?`, [id, lowerAscii(email)]);
}

export async function buyerLoopstreams(db: Sql, email: string): Promise<LoopstreamRow[]> {
  return db.all<LoopstreamRow>(
    'SELECT * FROM loopstreams WHERE lower(buyer_email) = ? ORDER BY expired_date DESC, id DESC',
    [lowerAscii(email)],
  );
}

export async function buyerLoopstream(db: Sql, email: string, id: number): Promise<LoopstreamRow | undefined> {
  return db.get<LoopstreamRow>('SELECT * FROM loopstreams WHERE id = ? AND lower(buyer_email) = ?', [
    id,
    lowerAscii(email),
  ]);
}

export async function buyerOrders(db: Sql, email: string): Promise<BuyerOrderRow[]> {
  const rows = await db.all<Omit<BuyerOrderRow, 'items'> & { items: string }>(
    'SELECT id, ref_id, created_at, items, amount_idr, status, handled_at FROM orders WHERE lower(customer_email) = ? ORDER BY created_at DESC, id DESC',
    [lowerAscii(email)],
  );
  return rows.map((row) => ({ ...row, items: JSON.parse(row.items) as OrderItem[] }));
}

/** The licence's audit events, oldest first. */
export async function licenseHistoryEvents(db: Sql, licenseId: number): Promise<LicenseEventRow[]> {
  return db.all<LicenseEventRow>('SELECT * FROM license_events WHERE license_id = ? ORDER BY id', [licenseId]);
}

/** The orders that issued or extended the licence, with their reference and time. */
export async function licenseOrderLinks(db: Sql, licenseId: number): Promise<LicenseOrderLink[]> {
  return db.all<LicenseOrderLink>(
    `SELECT ol.order_id, o.ref_id, ol.change, ol.days, o.created_at AS at
     FROM order_licenses ol LEFT JOIN orders o ON o.id = ol.order_id WHERE ol.license_id = ? ORDER BY ol.order_id`,
    [licenseId],
  );
}

/** When renewal reminders were queued for the licence. */
export async function licenseReminderTimes(db: Sql, licenseId: number): Promise<string[]> {
  const rows = await db.all<{ created_at: string }>(
    'SELECT created_at FROM license_reminders WHERE license_id = ? ORDER BY created_at',
    [licenseId],
  );
  return rows.map((row) => row.created_at);
}
