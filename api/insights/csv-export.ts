/** A table's records as the owner's spreadsheet reads them: times in the shop's zone, whole rupiah, items as text. */
import type { CsvTable } from '../../contract/rules/insight-periods';
import { isExpiryPassed } from '../../contract/rules/durations';
import { momentToWallTime, shopDay, zoneLabel } from '../../contract/rules/shop-time';
import { licenseState } from '../../data/licenses/status';
import { exportColumns } from '../../data/insights/export-rows';
import type { ExportRow } from '../../data/insights/export-rows';
import type { Cell } from './csv-text';
import { csvText } from './csv-text';
import type { PeriodRange } from '../shared/period-range';

const TIME_COLUMNS = new Set(['created_at', 'handled_at', 'expired_date', 'last_seen_at', 'sent_at']);
const NUMBER_COLUMNS = new Set(['id', 'amount_idr', 'attempts', 'order_id', 'license_id']);

type Item = { title?: unknown; qty?: unknown; price?: unknown };

/** `LoopBOT 1 Bulan × 2 @ 150000; Set 2 × 1 @ 300000`: one cell a person can read. */
function itemsText(json: string): string {
  try {
    const items = JSON.parse(json) as Item[];
    return items
      .map((item) => `${String(item.title)} × ${Number(item.qty)} @ ${Math.round(Number(item.price))}`)
      .join('; ');
  } catch {
    return json;
  }
}

/** What a spreadsheet reader is told about a row beyond its own columns. */
type RowContext = { table: CsvTable; zone: string; now: Date; row: ExportRow };

function cell(column: string, value: unknown, { table, zone, now, row }: RowContext): Cell {
  if (table === 'licenses' && column === 'status') {
    // The one status rule: a passed expiry reads `expired` whatever the stored word.
    return licenseState(String(value), isExpiryPassed(String(row.expired_date), now));
  }
  if (table === 'licenses' && column === 'trial') return value ? 'yes' : 'no';
  if (value === null || value === undefined) return null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (TIME_COLUMNS.has(column)) {
    const time = Date.parse(String(value));
    return Number.isNaN(time) ? String(value) : momentToWallTime(time, zone).replace('T', ' ');
  }
  if (NUMBER_COLUMNS.has(column)) return Math.round(Number(value));
  if (column === 'items') return itemsText(String(value));
  return String(value);
}

/** A table's period as rows of cells (header first) and its file name without extension; CSV and XLSX write it. */
export function exportSheet(
  table: CsvTable,
  rows: readonly ExportRow[],
  period: PeriodRange,
  zone: string,
  now: Date,
): { baseName: string; header: string[]; body: Cell[][] } {
  const columns = exportColumns(table);
  const label = zoneLabel(period.from, zone);
  const header = columns.map((column) => (TIME_COLUMNS.has(column) ? `${column} (${label})` : column));
  const body = rows.map((row) => columns.map((column) => cell(column, row[column], { table, zone, now, row })));
  const first = shopDay(new Date(period.from), zone);
  const last = shopDay(new Date(Date.parse(period.to) - 1), zone);
  return { baseName: `${table}-${first}-to-${last}`, header, body };
}

export function csvFile(
  table: CsvTable,
  rows: readonly ExportRow[],
  period: PeriodRange,
  zone: string,
  now: Date,
): { name: string; text: string } {
  const sheet = exportSheet(table, rows, period, zone, now);
  return { name: `${sheet.baseName}.csv`, text: csvText(sheet.header, sheet.body) };
}
