import { useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime, formatNumber } from '../format';
import {
  deactivateLicense,
  deleteLicense,
  downloadLicense,
  extendLicense,
  goToLicensePage,
  searchLicenses,
  shortenLicense,
} from '../state/licenses';
import { store } from '../state/store';
import type { License } from '../../../contract/licenses';
import { LicenseForm } from './license-form';

function LicenseRow({ license }: { license: License }): ReactElement {
  const hidden = <span className="visually-hidden"> {license.license_key}</span>;
  return (
    <tr data-license-key={license.license_key}>
      <td data-label="License" className="cell-block">
        <div className="stack">
          <code className="key">{license.license_key}</code>
          <span className="cell-sub">{license.email}</span>
        </div>
      </td>
      <td data-label="App">{license.app_type === 'loopstream' ? 'LoopStream' : 'LoopBOT'}</td>
      <td data-label="Status">
        <StatusBadge status={license.status} />
      </td>
      <td data-label="Expires">{formatDateTime(license.expired_date)}</td>
      <td data-label="Device">
        <div className="stack">
          {license.device_id ? (
          <span title={license.device_id}>{license.device_name || license.device_id}</span>
        ) : (
          <span className="muted">Not activated</span>
        )}
          <span className="cell-sub">
            {license.last_seen_at ? `Last seen ${formatDateTime(license.last_seen_at)}` : 'Never seen'}
          </span>
        </div>
      </td>
      <td data-label="Actions" className="cell-actions">
        <div className="actions">
          <button type="button" className="button button-small button-secondary" onClick={() => void downloadLicense(license)}>
            Download{hidden}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={() => void extendLicense(license)}>
            Extend{hidden}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={() => void shortenLicense(license)}>
            Shorten{hidden}
          </button>
          {license.device_id ? (
            <button type="button" className="button button-small button-warning" onClick={() => void deactivateLicense(license)}>
              Deactivate{hidden}
            </button>
          ) : null}
          <button type="button" className="button button-small button-danger" onClick={() => void deleteLicense(license)}>
            Delete{hidden}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function LicensesTab(): ReactElement {
  const { licenses } = useSnapshot(store);
  const [creating, setCreating] = useState(false);
  const summary = licenses.total === 1 ? '1 licence' : `${formatNumber(licenses.total)} licences`;
  return (
    <>
      <div className="panel-head">
        <h2>Licenses</h2>
        <div className="toolbar">
          <SearchBox label="Search licences" placeholder="Search key or e-mail…" value={licenses.search} onChange={searchLicenses} />
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create License
          </button>
        </div>
      </div>
      <div className="table-wrap" role="region" aria-label="Licence list" tabIndex={0}>
        <table className="data-table" aria-busy={licenses.loading}>
          <thead>
            <tr>
              <th scope="col">License key / e-mail</th>
              <th scope="col">App</th>
              <th scope="col">Status</th>
              <th scope="col">Expires</th>
              <th scope="col">Device / last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {licenses.rows.map((license) => (
              <LicenseRow key={license.id} license={license as License} />
            ))}
          </tbody>
        </table>
        {licenses.rows.length === 0 && !licenses.loading ? (
          <p className="empty">{licenses.search.trim() ? 'No licences match this search.' : 'No licences yet.'}</p>
        ) : null}
      </div>
      <Pager page={licenses.page} pages={licenses.pages} label="Licence pages" onPage={goToLicensePage} summary={summary} />
      {creating ? <LicenseForm onClose={() => setCreating(false)} /> : null}
    </>
  );
}
