import { proxy } from 'valtio';
import type * as calls from '../../../contract/calls/insights';
import type * as xlsxCalls from '../../../contract/calls/insights-xlsx';
import { DEFAULT_INSIGHT_PERIOD } from '../../../contract/rules/insight-periods';
import type { CsvTable, InsightPeriod } from '../../../contract/rules/insight-periods';
import { apiJson } from '../api-client';
import { notify } from './dialogs';
import { downloadFile } from './download';
import { loadLicenses } from './loaders';
import { selectTab } from './navigation';
import { store } from './store';
import { MESSAGES } from '../messages';

export type InsightsState = { period: InsightPeriod; data: calls.Insights | null; loading: boolean; failed: boolean };

/** The Insights view's own state: the period picked and the last answer for it. */
export const insights = proxy<InsightsState>({
  period: DEFAULT_INSIGHT_PERIOD,
  data: null,
  loading: false,
  failed: false,
});

let latest = 0;

export async function loadInsights(): Promise<void> {
  const ticket = ++latest;
  insights.loading = true;
  try {
    const answer = await apiJson<typeof calls.getInsights>('GET', `/api/insights?period=${insights.period}`);
    if (ticket !== latest) return;
    if (answer.success) {
      insights.data = answer.insights;
      insights.failed = false;
    } else {
      insights.failed = true;
      notify(MESSAGES.insightsLoadError + answer.error);
    }
  } catch (error) {
    if (ticket === latest) insights.failed = true;
    notify(MESSAGES.insightsLoadError + (error instanceof Error ? error.message : String(error)));
  } finally {
    if (ticket === latest) insights.loading = false;
  }
}

export function choosePeriod(period: InsightPeriod): void {
  insights.period = period;
  void loadInsights();
}

export function exportCsv(table: CsvTable): Promise<void> {
  return downloadFile<typeof calls.exportInsightsCsv>(
    `/api/insights/export?table=${table}&period=${insights.period}`,
    (name) => name ?? `${table}.csv`,
    'Export failed: ',
  );
}

/** The same records as an Excel workbook: columns and phone numbers survive any regional settings. */
export function exportXlsx(table: CsvTable): Promise<void> {
  return downloadFile<typeof xlsxCalls.exportInsightsXlsx>(
    `/api/insights/export.xlsx?table=${table}&period=${insights.period}`,
    (name) => name ?? `${table}.xlsx`,
    'Export failed: ',
  );
}

/** The licence list, searched for this one key: where its actions are. */
export function showLicense(licenseKey: string): void {
  Object.assign(store.licenses, { search: licenseKey, status: '', page: 1 });
  selectTab('licenses');
  void loadLicenses();
}
