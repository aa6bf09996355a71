/**
 * The exports as an Excel workbook: a CSV opens in one column in Excel with Indonesian regional
 * settings (its list separator is `;`) and loses a phone number's leading 0 and `+`. In a workbook
 * every text is a text cell (never a formula, never read as a number) and numbers are numbers,
 * whatever the reader's settings. Written with write-excel-file (one dependency, fflate).
 */
import writeXlsxFile from 'write-excel-file/node';
import type { Cell as XlsxCell, SheetData } from 'write-excel-file/node';
import type { Cell } from './csv-text';

function xlsxCell(cell: Cell): XlsxCell {
  if (cell === null) return null;
  return typeof cell === 'number' ? { type: Number, value: cell } : { type: String, value: cell };
}

export async function xlsxBytes(header: readonly string[], body: readonly (readonly Cell[])[]): Promise<Buffer> {
  const data: SheetData = [
    header.map((name) => ({ type: String, value: name, fontWeight: 'bold' as const })),
    ...body.map((row) => row.map(xlsxCell)),
  ];
  return writeXlsxFile(data, { stickyRowsCount: 1 }).toBuffer();
}
