import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PanelHead } from '../components/panel-head';
import { DataTable } from '../components/data-table';
import { Pager } from '../components/pager';
import { ActionsCell } from '../components/row-actions';
import { SearchBox } from '../components/search-box';
import { ShopDate } from '../components/shop-date';
import { StatusFilter } from '../components/status-filter';
import { StatusBadge } from '../components/status-badge';
import { formatNumber } from '../format';
import { PRODUCT_NAMES } from '../../../contract/rules/products';
import {
  deactivateLicense,
  deleteLicense,
  downloadLicense,
  extendLicense,
  filterLicenses,
  goToLicensePage,
  searchLicenses,
  shortenLicense,
} from '../state/licenses';
import { emailLicense } from '../state/mail';
import { store } from '../state/store';
import type { License, LicenseFilter } from '../../../contract/calls/licenses';
import { LICENSE_EXPIRING_DAYS } from '../../../contract/rules/vocabulary';
import { LicenseForm } from './license-form';
import { LicenseActivity } from '../components/license-activity';
import { openLicenseActivity } from '../state/activity';

const FILTER_LABELS: Record<LicenseFilter, string> = {
  active: 'Active',
  expiring: `Expiring within ${LICENSE_EXPIRING_DAYS} days`,
  expired: 'Expired',
};

const COLUMNS = ['License key / e-mail', 'App', 'Status', 'Expires', 'Device / last seen'];

function LicenseRow({ license }: { license: License }): ReactElement {
  return (
    <tr data-license-key={license.license_key}>
      <td data-label="License" className="cell-block">
        <div className="stack">
          <code className="key">{license.license_key}</code>
          <span className="cell-sub">{license.email}</span>
        </div>
      </td>
      <td data-label="App">{PRODUCT_NAMES[license.app_type]}</td>
      <td data-label="Status">
        <StatusBadge status={license.status} />
      </td>
      <td data-label="Expires">
        <ShopDate value={license.expired_date} />
      </td>
      <td data-label="Device">
        <div className="stack">
          {license.device_id ? (
            <span title={license.device_id}>{license.device_name || license.device_id}</span>
          ) : (
            <span className="muted">Not activated</span>
          )}
          <span className="cell-sub">
            {license.last_seen_at ? (
              <>
                Last seen <ShopDate value={license.last_seen_at} />
              </>
            ) : (
              'Never seen'
            )}
          </span>
        </div>
      </td>
      <ActionsCell
        subject={license.license_key}
        actions={[
          { label: 'Download', onClick: () => downloadLicense(license) },
          { label: 'Send by e-mail', onClick: () => emailLicense(license) },
          { label: 'Extend', onClick: () => extendLicense(license) },
          { label: 'Shorten', onClick: () => shortenLicense(license) },
          {
            label: 'Deactivate',
            onClick: () => deactivateLicense(license),
            tone: 'warning',
            shown: license.device_id !== null,
          },
          { label: 'Activity', onClick: () => openLicenseActivity(license.id) },
          { label: 'Delete', onClick: () => deleteLicense(license), tone: 'danger' },
        ]}
      />
    </tr>
  );
}

export function LicensesTab(): ReactElement {
  const { licenses } = useSnapshot(store);
  const [creating, setCreating] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const summary = licenses.total === 1 ? '1 licence' : `${formatNumber(licenses.total)} licences`;
  const narrowed = licenses.search.trim() !== '' || licenses.status !== '';
  const paging = { page: licenses.page, pages: licenses.pages };

  /** From the pager under a long list: the new page starts at the top of the list. */
  function goFromBottom(page: number): void {
    goToLicensePage(page);
    listRef.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <>
      <PanelHead title="Licenses">
        <SearchBox
          label="Search licences"
          placeholder="Search key or e-mail…"
          value={licenses.search}
          onChange={searchLicenses}
        />
        <StatusFilter
          label="Status"
          allLabel="All statuses"
          labels={FILTER_LABELS}
          value={licenses.status}
          onChange={filterLicenses}
        />
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          Create License
        </button>
      </PanelHead>
      <Pager {...paging} label="Licence list pages, top" onPage={goToLicensePage} above />
      <DataTable
        label="Licence list"
        columns={COLUMNS}
        busy={licenses.loading}
        regionRef={listRef}
        empty={
          licenses.rows.length === 0 && !licenses.loading
            ? narrowed
              ? 'No licences match this search.'
              : 'No licences yet.'
            : null
        }
      >
        {licenses.rows.map((license) => (
          <LicenseRow key={license.id} license={license} />
        ))}
      </DataTable>
      <Pager {...paging} label="Licence pages" onPage={goFromBottom} summary={summary} />
      {creating ? <LicenseForm onClose={() => setCreating(false)} /> : null}
      <LicenseActivity />
    </>
  );
}
