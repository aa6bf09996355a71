import { useState } from 'react';
import type { ReactElement } from 'react';
import type { PackageType } from '../../../contract/loopstreams';
import { PACKAGE_TYPES } from '../../../contract/vocabulary';
import { FormModal } from '../components/form-modal';
import { localInputToIso } from '../format';
import { createLoopstream } from '../state/loopstreams';

export function LoopstreamForm({ onClose }: { onClose: () => void }): ReactElement {
  const [packageType, setPackageType] = useState<PackageType>(PACKAGE_TYPES[0]);
  const [customer, setCustomer] = useState('');
  const [server, setServer] = useState('');
  const [expiry, setExpiry] = useState('');

  return (
    <FormModal
      title="Generate LoopStream"
      submitLabel="Generate"
      busyLabel="Generating…"
      onClose={onClose}
      onSubmit={() =>
        createLoopstream({ package_type: packageType, customer_name: customer.trim(), ip_server: server.trim(), expired_date: localInputToIso(expiry) })
      }
    >
      <label className="field">
        <span className="field-label">Package</span>
        <select
          name="package_type"
          required
          value={packageType}
          onChange={(event) => setPackageType(PACKAGE_TYPES.find((name) => name === event.target.value) ?? PACKAGE_TYPES[0])}
        >
          {PACKAGE_TYPES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">Customer name</span>
        <input name="customer_name" required autoComplete="off" value={customer} onChange={(event) => setCustomer(event.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">IP server</span>
        <input
          name="ip_server"
          required
          autoComplete="off"
          inputMode="url"
          aria-describedby="ip-server-hint"
          value={server}
          onChange={(event) => setServer(event.target.value)}
        />
        <span id="ip-server-hint" className="field-hint">
          Port 5000 is added automatically.
        </span>
      </label>
      <label className="field">
        <span className="field-label">Expiry date and time</span>
        <input type="datetime-local" name="expired_date" required value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </label>
    </FormModal>
  );
}
