import { useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PanelHead } from '../components/panel-head';
import { DataTable } from '../components/data-table';
import { ActionsCell } from '../components/row-actions';
import { SearchBox } from '../components/search-box';
import { StatusBadge } from '../components/status-badge';
import { formatInZone } from '../../../contract/rules/shop-time';
import {
  deleteLoopstream,
  downloadLoopstream,
  extendLoopstream,
  isLoopstreamActive,
  searchLoopstreams,
} from '../state/loopstreams';
import { store } from '../state/store';
import type { Loopstream } from '../../../contract/calls/loopstreams';
import { LoopstreamForm } from './loopstream-form';

type Dialog = { editing?: Loopstream } | null;

const COLUMNS = ['Customer', 'Package', 'Server', 'Expires', 'Status'];

function LoopstreamRow({
  row,
  now,
  timeZone,
  onEdit,
}: {
  row: Loopstream;
  now: number;
  timeZone: string;
  onEdit: () => void;
}): ReactElement {
  return (
    <tr data-loopstream-id={row.id}>
      <td data-label="Customer" className="cell-wrap">
        <strong>{row.customer_name}</strong>
      </td>
      <td data-label="Package">{row.package_type}</td>
      <td data-label="Server">
        <code className="key">{row.ip_server}</code>
      </td>
      <td data-label="Expires">{formatInZone(row.expired_date, timeZone)}</td>
      <td data-label="Status">
        <StatusBadge status={isLoopstreamActive(row, now) ? 'active' : 'expired'} />
      </td>
      <ActionsCell
        subject={row.customer_name}
        actions={[
          { label: 'Download', onClick: () => downloadLoopstream(row) },
          { label: 'Edit', onClick: onEdit },
          { label: 'Extend', onClick: () => extendLoopstream(row) },
          { label: 'Delete', onClick: () => deleteLoopstream(row), tone: 'danger' },
        ]}
      />
    </tr>
  );
}

export function LoopstreamTab(): ReactElement {
  const { loopstreams, timeZone } = useSnapshot(store);
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = Date.now();
  const searching = loopstreams.search.trim() !== '';
  return (
    <>
      <PanelHead title="LoopStream access">
        <SearchBox
          label="Search LoopStream access"
          placeholder="Search customer or server…"
          value={loopstreams.search}
          onChange={searchLoopstreams}
        />
        <button type="button" className="button button-primary" onClick={() => setDialog({})}>
          Generate LoopStream
        </button>
      </PanelHead>
      <DataTable
        label="LoopStream access list"
        columns={COLUMNS}
        busy={loopstreams.loading}
        empty={
          loopstreams.rows.length === 0 && !loopstreams.loading
            ? searching
              ? 'No LoopStream access matches this search.'
              : 'No LoopStream access yet.'
            : null
        }
      >
        {loopstreams.rows.map((row) => (
          <LoopstreamRow
            key={row.id}
            row={row}
            now={now}
            timeZone={timeZone}
            onEdit={() => setDialog({ editing: row })}
          />
        ))}
      </DataTable>
      {dialog ? <LoopstreamForm editing={dialog.editing} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
