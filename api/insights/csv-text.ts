/**
 * CSV as a spreadsheet opens it: UTF-8 with a byte-order mark (Excel reads UTF-8 only then), every
 * field quoted by csv-stringify when it must be, and text that a spreadsheet would run as a
 * formula defused with a leading quote (OWASP's CSV injection advice): a buyer named
 * `=HYPERLINK(...)` stays a name.
 */
import { stringify } from 'csv-stringify/sync';

export const BOM = '\uFEFF';

/**
 * Where a spreadsheet may start a cell inside our text: at its start, and after a `,` or `;`.
 * Excel with Indonesian (and most European) regional settings splits a CSV at `;`, and honours
 * quotes only at the start of a field, so `Budi;=cmd|' /C calc'!A0` in a device name becomes a
 * cell `=cmd|...` although csv-stringify quoted the comma-separated field. Spaces and quotes
 * before the formula sign are skipped by the reader, so they are skipped here too.
 */
const FORMULA_AT_CELL_START = /(^|[,;])(?=[\s"]*[=+\-@\t\r])/g;

export type Cell = string | number | null;

/**
 * Text that could start a formula (= + - @, a tab or a carriage return, at its start or after a
 * `,` or `;`) gets a `'` there, whichever separator the spreadsheet reads; numbers stay numbers.
 */
export function defuse(cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'number') return cell;
  return cell.replace(FORMULA_AT_CELL_START, "$1'");
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
