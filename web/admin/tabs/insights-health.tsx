import type { ReactElement } from 'react';
import type { Insights } from '../../../contract/calls/insights';
import { SHARING_ADDRESSES, SHARING_DEVICES, SIGHTINGS_KEPT_DAYS } from '../../../contract/rules/insight-periods';
import { FigureTable } from '../components/figure-table';
import { formatNumber } from '../format';
import { bucketLabel } from './insights-format';
import { LicenseLink } from './insights-licences';

const licence = (id: number, key: string | null): ReactElement | string =>
  key ? <LicenseLink key="key" licenseKey={key} /> : `#${id} (deleted)`;

/** The desktop app's side of the period: validations, refusals, activations, moves, and keys that look shared. */
export function InsightsHealth({ data }: { data: Insights | null }): ReactElement {
  const health = data?.health;
  const loading = data ? 'Nothing in this period.' : 'Loading…';
  const counts: [string, string][] = health
    ? [
        ['Validations answered', formatNumber(health.validations.answered)],
        ['Validations refused (known key)', formatNumber(health.validations.refused)],
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
            licence(row.license_id, row.license_key),
            bucketLabel(row.day, 'day'),
            formatNumber(row.devices),
          ])}
          empty={data ? 'No key was seen on that many devices.' : 'Loading…'}
        />
      </div>
      <FigureTable
        caption={`Validated from ${SHARING_ADDRESSES}+ addresses or ${SHARING_DEVICES}+ devices in one day (last ${SIGHTINGS_KEPT_DAYS} days kept)`}
        columns={['Licence', 'Day', 'Addresses', 'Devices', 'Validations', 'Refused']}
        rows={(health?.seen_widely ?? []).map((row) => [
          licence(row.license_id, row.license_key),
          bucketLabel(row.day, 'day'),
          formatNumber(row.addresses),
          formatNumber(row.devices),
          formatNumber(row.validations),
          formatNumber(row.refusals),
        ])}
        empty={data ? 'No key was validated from that many places in a day.' : 'Loading…'}
      />
    </section>
  );
}
