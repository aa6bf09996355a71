/** The records of a period for the owner's CSV exports: what was created in [from, to), oldest first. */
import type { CsvTable } from '../../contract/insight-periods';
import type { Sql, SqlValue } from '../store';

const COLUMNS: Record<CsvTable, string> = {
  orders:
    'id, created_at, ref_id, customer_name, customer_email, customer_phone, items, amount_idr, status, note, handled_at',
  licenses: 'id, created_at, license_key, email, app_type, status, expired_date, device_name, device_id, last_seen_at',
  loopstreams: 'id, created_at, package_type, customer_name, ip_server, expired_date',
  outbox: 'id, created_at, kind, to_address, subject, status, attempts, sent_at, last_error, order_id, license_id',
};

export type ExportRow = Record<string, SqlValue>;

/** The column names of a table's export, in order. */
export function exportColumns(table: CsvTable): string[] {
  return COLUMNS[table].split(', ');
}

export async function exportRows(db: Sql, table: CsvTable, from: string, to: string): Promise<ExportRow[]> {
  return db.all<ExportRow>(
    `SELECT ${COLUMNS[table]} FROM ${table} WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id`,
    [from, to],
  );
}
