import { useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../format';
import { deleteLoopstream, downloadLoopstream, isLoopstreamActive } from '../state/loopstreams';
import { store } from '../state/store';
import type { Loopstream } from '../../../contract/loopstreams';
import { LoopstreamForm } from './loopstream-form';

function LoopstreamRow({ row, now }: { row: Loopstream; now: number }): ReactElement {
  const hidden = <span className="visually-hidden"> {row.customer_name}</span>;
  return (
    <tr data-loopstream-id={row.id}>
      <td data-label="Customer" className="cell-wrap">
        <strong>{row.customer_name}</strong>
      </td>
      <td data-label="Package">{row.package_type}</td>
      <td data-label="Server">
        <code className="key">{row.ip_server}</code>
      </td>
      <td data-label="Expires">{formatDateTime(row.expired_date)}</td>
      <td data-label="Status">
        <StatusBadge status={isLoopstreamActive(row, now) ? 'active' : 'expired'} />
      </td>
      <td data-label="Actions" className="cell-actions">
        <div className="actions">
          <button type="button" className="button button-small button-secondary" onClick={() => void downloadLoopstream(row)}>
            Download{hidden}
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => void deleteLoopstream(row)}>
            Delete{hidden}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function LoopstreamTab(): ReactElement {
  const { loopstreams } = useSnapshot(store);
  const [creating, setCreating] = useState(false);
  const now = Date.now();
  return (
    <>
      <div className="panel-head">
        <h2>LoopStream access</h2>
        <div className="toolbar">
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Generate LoopStream
          </button>
        </div>
      </div>
      <div className="table-wrap" role="region" aria-label="LoopStream access list" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Package</th>
              <th scope="col">Server</th>
              <th scope="col">Expires</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loopstreams.rows.map((row) => (
              <LoopstreamRow key={row.id} row={row} now={now} />
            ))}
          </tbody>
        </table>
        {loopstreams.rows.length === 0 && !loopstreams.loading ? <p className="empty">No LoopStream access yet.</p> : null}
      </div>
      {creating ? <LoopstreamForm onClose={() => setCreating(false)} /> : null}
    </>
  );
}
