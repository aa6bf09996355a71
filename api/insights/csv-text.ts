/**
 * CSV as a spreadsheet opens it: UTF-8 with a byte-order mark (Excel reads UTF-8 only then), every
 * field quoted by csv-stringify when it must be, and text that a spreadsheet would run as a
 * formula defused with a leading quote (OWASP's CSV injection advice): a buyer named
 * `=HYPERLINK(...)` stays a name.
 */
import { stringify } from 'csv-stringify/sync';

export const BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number | null;

/** Text cells starting with = + - @, a tab or a carriage return get a leading `'`; numbers stay numbers. */
export function defuse(cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'number') return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** csv-stringify quotes a field holding the whole record delimiter (CRLF) but not a lone LF or CR: quoted_match does. */
export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return (
    BOM +
    stringify([header.map(defuse), ...rows.map((row) => row.map(defuse))], {
      record_delimiter: '\r\n',
      quoted_match: /[\r\n]/,
    })
  );
}
