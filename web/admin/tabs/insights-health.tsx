import type { ReactElement } from 'react';
import type { Insights } from '../../../contract/insights';
import { SHARING_DEVICES } from '../../../contract/insight-periods';
import { FigureTable } from '../components/figure-table';
import { formatNumber } from '../format';
import { bucketLabel } from './insights-format';
import { LicenseLink } from './insights-licences';

/** The desktop app's side of the period: refusals, activations, moves, and keys that look shared. */
export function InsightsHealth({ data }: { data: Insights | null }): ReactElement {
  const health = data?.health;
  const loading = data ? 'Nothing in this period.' : 'Loading…';
  const counts: [string, string][] = health
    ? [
        ['Activations', formatNumber(health.activations)],
        ['Devices released (key free to move)', formatNumber(health.devices_moved)],
        ['Rate-limited', formatNumber(health.rate_limited)],
        ...health.refusals.map((row): [string, string] => [`Refused: ${row.code}`, formatNumber(row.count)]),
      ]
    : [];
  return (
    <section className="insight-section" aria-labelledby="insights-health">
      <h3 id="insights-health">Licence health</h3>
      <div className="insight-pair">
        <FigureTable caption="Desktop-app calls" columns={['Event', 'Count']} rows={counts} empty={loading} />
        <FigureTable
          caption={`Possibly shared: ${SHARING_DEVICES}+ devices in one day`}
          columns={['Licence', 'Day', 'Devices']}
          rows={(health?.sharing ?? []).map((row) => [
            row.license_key ? <LicenseLink key="key" licenseKey={row.license_key} /> : `#${row.license_id} (deleted)`,
            bucketLabel(row.day, 'day'),
            formatNumber(row.devices),
          ])}
          empty={data ? 'No key was seen on that many devices.' : 'Loading…'}
        />
      </div>
    </section>
  );
}
