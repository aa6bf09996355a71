/** The Insights exports as an Excel workbook, beside the CSV (contract/calls/insights.ts exportInsightsCsv). */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS } from './errors';
import { ErrorAnswer } from './schema';
import { exportInsightsCsv } from './insights';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportInsightsXlsx = defineCall({
  id: 'exportInsightsXlsx',
  method: 'GET',
  path: '/api/insights/export.xlsx',
  auth: 'admin',
  tag: 'Insights',
  summary: 'The same records as the CSV export, as an Excel workbook',
  description:
    'The columns and values of `GET /api/insights/export`; texts (phone numbers with their leading 0 or +) are text cells, ' +
    'never formulas, and numbers are numbers, so it opens in columns whatever the list separator of the reader’s regional settings.',
  query: Type.Object(exportInsightsCsv.query.properties),
  answers: {
    200: { file: XLSX_TYPE, description: 'One sheet, one row per record created in the period' },
    400: ErrorAnswer,
    ...ADMIN_READ_ERRORS,
  },
});
