import type { ReactElement } from 'react';
import type { Insights } from '../../../contract/calls/insights';
import { EXPIRING_SOON_DAYS, RENEWAL_GRACE_DAYS } from '../../../contract/rules/insight-periods';
import { FigureTable } from '../components/figure-table';
import { LineChart } from '../components/line-chart';
import { ShopDate } from '../components/shop-date';
import { formatNumber } from '../format';
import { showLicense } from '../state/insights';
import { bucketLabel, percent } from './insights-format';

/** The trial funnel's rows: each step counts the period's trials that got that far. */
const TRIAL_STEPS: ReadonlyArray<[string, keyof Insights['trials']]> = [
  ['Started', 'started'],
  ['Activated on a device', 'activated'],
  ['Converted to a paid order', 'converted'],
  ['Refused: the device had a trial', 'refused'],
];

export function LicenseLink({ licenseKey }: { licenseKey: string }): ReactElement {
  return (
    <a
      href="#licenses"
      className="license-link"
      onClick={(event) => {
        event.preventDefault();
        showLicense(licenseKey);
      }}
    >
      {licenseKey}
    </a>
  );
}

/** Renewals of the period's expiries, the running licences over time, and the licences expiring soon. */
export function InsightsLicences({ data }: { data: Insights | null }): ReactElement {
  const renewals = data?.renewals;
  const bucket = data?.period.bucket ?? 'day';
  const points = data?.active ?? [];
  const labels = points.map((point) => bucketLabel(point.day, bucket));
  const loading = data ? 'Nothing in this period.' : 'Loading…';
  const count = (value: number | undefined): string => (value === undefined ? '—' : formatNumber(value));
  const figures: [string, string][] = [
    ['Expiries in the period', count(renewals?.expiring)],
    [`Renewed (by ${RENEWAL_GRACE_DAYS} days after)`, count(renewals?.renewed)],
    ['Lapsed', count(renewals?.lapsed)],
    [`Still within ${RENEWAL_GRACE_DAYS} days`, count(renewals?.pending)],
    ['Renewal rate', renewals ? percent(renewals.rate) : '—'],
    ['Reminders sent', count(renewals?.reminders_sent)],
    [`Renewed within ${RENEWAL_GRACE_DAYS} days of a reminder`, count(renewals?.reminded_renewed)],
  ];
  return (
    <>
      <section className="insight-section" aria-labelledby="insights-renewals">
        <h3 id="insights-renewals">Renewals</h3>
        <FigureTable
          caption="Renewals of the expiries in this period"
          columns={['Figure', 'Count']}
          rows={figures}
          empty={loading}
          grows
        />
      </section>
      <section className="insight-section" aria-labelledby="insights-active">
        <h3 id="insights-active">Running over time</h3>
        <div className="insight-pair">
          <LineChart
            labels={labels}
            title="Active licences and LoopStream accesses over time (figures in the table)"
            series={[
              { name: 'Licences', className: 'series-licenses', values: points.map((point) => point.licenses) },
              {
                name: 'LoopStream accesses',
                className: 'series-loopstreams',
                values: points.map((point) => point.loopstreams),
              },
            ]}
          />
          <FigureTable
            caption="Running at the end of each bucket"
            columns={['End of', 'Licences', 'LoopStream']}
            rows={points.map((point, index) => [
              labels[index]!,
              formatNumber(point.licenses),
              formatNumber(point.loopstreams),
            ])}
            empty={loading}
          />
        </div>
      </section>
      <section className="insight-section" aria-labelledby="insights-trials">
        <h3 id="insights-trials">Free trials</h3>
        <FigureTable
          caption="Trials started in this period, counted apart from paid licences"
          columns={['Step', 'Trials']}
          rows={TRIAL_STEPS.map(([label, key]) => [label, data ? formatNumber(data.trials[key]) : '—'])}
          empty={loading}
        />
      </section>
      <section className="insight-section" aria-labelledby="insights-expiring">
        <h3 id="insights-expiring">{`Expiring in the next ${EXPIRING_SOON_DAYS} days`}</h3>
        <FigureTable
          caption="Licences ending soonest first"
          columns={['Licence', 'E-mail', 'Expires']}
          rows={(data?.expiring_soon ?? []).map((license) => [
            <span key="key" className="stack">
              <LicenseLink licenseKey={license.license_key} />
              {license.trial ? <span className="cell-sub">Free trial</span> : null}
            </span>,
            license.email,
            <ShopDate key="date" value={license.expired_date} />,
          ])}
          empty={data ? `No licence ends in the next ${EXPIRING_SOON_DAYS} days.` : 'Loading…'}
        />
      </section>
    </>
  );
}
