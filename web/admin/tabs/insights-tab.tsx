import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { CSV_TABLES, INSIGHT_PERIOD_LABELS, INSIGHT_PERIODS } from '../../../contract/rules/insight-periods';
import type { CsvTable } from '../../../contract/rules/insight-periods';
import { ShopDate } from '../components/shop-date';
import { choosePeriod, exportCsv, exportXlsx, insights, loadInsights } from '../state/insights';
import { InsightsHealth } from './insights-health';
import { InsightsLicences } from './insights-licences';
import { InsightsRevenue } from './insights-revenue';
import '../styles/insights.css';
import { MESSAGES } from '../messages';

const TABLE_LABELS: Record<CsvTable, string> = {
  orders: 'Orders',
  licenses: 'Licences',
  loopstreams: 'LoopStream',
  outbox: 'Outbox',
};

/** The owner's figures for a period, each chart with its table, and the period's records as CSV. */
export function InsightsTab(): ReactElement {
  const { period, data, loading, failed } = useSnapshot(insights);
  useEffect(() => {
    void loadInsights();
  }, []);
  const shown = data && data.period.key === period ? (data as typeof insights.data) : null;
  const last = shown ? new Date(Date.parse(shown.period.to) - 60_000).toISOString() : null;
  return (
    <div className="insights" aria-busy={loading}>
      <div className="spread-row panel-head">
        <h2>Insights</h2>
        <div className="insight-period">
          <label htmlFor="insight-period">Period</label>
          <select
            id="insight-period"
            value={period}
            onChange={(event) => choosePeriod(event.target.value as typeof period)}
          >
            {INSIGHT_PERIODS.map((key) => (
              <option key={key} value={key}>
                {INSIGHT_PERIOD_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="insight-range">
        {shown ? (
          <>
            <ShopDate value={shown.period.from} /> to <ShopDate value={last} />
          </>
        ) : failed ? (
          MESSAGES.insightsFigureLoadFailed
        ) : (
          'Loading…'
        )}
      </p>
      <div className="insight-export" role="group" aria-label="Download this period as CSV">
        <span>CSV:</span>
        {CSV_TABLES.map((table) => (
          <button key={table} type="button" className="button button-secondary" onClick={() => void exportCsv(table)}>
            {TABLE_LABELS[table]}
          </button>
        ))}
      </div>
      <div className="insight-export" role="group" aria-label="Download this period as an Excel workbook">
        <span>Excel:</span>
        {CSV_TABLES.map((table) => (
          <button key={table} type="button" className="button button-secondary" onClick={() => void exportXlsx(table)}>
            {TABLE_LABELS[table]}
          </button>
        ))}
      </div>
      <InsightsRevenue data={shown} />
      <InsightsLicences data={shown} />
      <InsightsHealth data={shown} />
    </div>
  );
}
