import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { Modal } from '../components/modal';
import { localInputToIso } from '../format';
import { createLoopstream, PACKAGES } from '../state/loopstreams';

export function LoopstreamForm({ onClose }: { onClose: () => void }): ReactElement {
  const [packageType, setPackageType] = useState<string>(PACKAGES[0]);
  const [customer, setCustomer] = useState('');
  const [server, setServer] = useState('');
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    const created = await createLoopstream({
      package_type: packageType,
      customer_name: customer.trim(),
      ip_server: server.trim(),
      expired_date: localInputToIso(expiry),
    });
    setBusy(false);
    if (created) onClose();
  }

  return (
    <Modal
      title="Generate LoopStream"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="loopstream-form" className="button button-primary" disabled={busy}>
            {busy ? 'Generating…' : 'Generate'}
          </button>
        </>
      }
    >
      <form id="loopstream-form" className="form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          <span className="field-label">Package</span>
          <select name="package_type" required value={packageType} onChange={(event) => setPackageType(event.target.value)}>
            {PACKAGES.map((name) => (
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
      </form>
    </Modal>
  );
}
