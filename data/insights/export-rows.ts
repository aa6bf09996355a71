/** The records of a period for the owner's CSV exports: what was created in [from, to), oldest first. */
import type { CsvTable } from '../../contract/rules/insight-periods';
import type { Sql, SqlValue } from '../store';

const COLUMNS: Record<CsvTable, string> = {
  orders:
    'id, created_at, ref_id, customer_name, customer_email, customer_phone, items, amount_idr, status, note, handled_at',
  licenses:
    'id, created_at, license_key, email, app_type, status, expired_date, device_name, device_id, last_seen_at, plan, order_id, trial',
  loopstreams: 'id, created_at, package_type, customer_name, ip_server, expired_date',
  outbox: 'id, created_at, kind, to_address, subject, status, attempts, sent_at, last_error, order_id, license_id',
};

/**
 * Columns that are not a column of the table: a licence's last order and its plan (a renewal
 * adds an order to the same licence), and whether it is a free trial (trials have no order).
 */
const DERIVED: Record<string, string> = {
  plan: '(SELECT ol.plan_id FROM order_licenses ol WHERE ol.license_id = licenses.id ORDER BY ol.order_id DESC LIMIT 1)',
  order_id: '(SELECT MAX(ol.order_id) FROM order_licenses ol WHERE ol.license_id = licenses.id)',
  trial: 'CASE WHEN EXISTS (SELECT 1 FROM trials t WHERE t.license_id = licenses.id) THEN 1 ELSE 0 END',
};

export type ExportRow = Record<string, SqlValue>;

/** The column names of a table's export, in order. */
export function exportColumns(table: CsvTable): string[] {
  return COLUMNS[table].split(', ');
}

export async function exportRows(db: Sql, table: CsvTable, from: string, to: string): Promise<ExportRow[]> {
  const select = exportColumns(table)
    .map((column) => (table === 'licenses' && DERIVED[column] ? `${DERIVED[column]} AS ${column}` : column))
    .join(', ');
  return db.all<ExportRow>(
    `SELECT ${select} FROM ${table} WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id`,
    [from, to],
  );
}
