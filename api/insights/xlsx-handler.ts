/** GET /api/insights/export.xlsx: the CSV export's sheet as a workbook (xlsx-file.ts says why). */
import type * as calls from '../../contract/calls/insights-xlsx';
import { exportInsightsXlsx, XLSX_TYPE } from '../../contract/calls/insights-xlsx';
import { DEFAULT_INSIGHT_PERIOD } from '../../contract/rules/insight-periods';
import { exportRows } from '../../data/insights/export-rows';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HANDLED } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { attachment } from '../http/text-download';
import { exportSheet } from './csv-export';
import { periodRange } from '../shared/period-range';
import { xlsxBytes } from './xlsx-file';

export async function exportXlsx(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.exportInsightsXlsx>> {
  const query = checkedQuery(req, exportInsightsXlsx);
  const period = periodRange(query.period || DEFAULT_INSIGHT_PERIOD, ctx.now(), ctx.config.timeZone);
  const rows = await exportRows(ctx.db, query.table, period.from, period.to);
  const sheet = exportSheet(query.table, rows, period, ctx.config.timeZone, ctx.now());
  const body = await xlsxBytes(sheet.header, sheet.body);
  req.res.writeHead(200, {
    'Content-Type': XLSX_TYPE,
    'Content-Disposition': attachment(`${sheet.baseName}.xlsx`),
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  req.res.end(req.method === 'HEAD' ? undefined : body);
  return HANDLED;
}
