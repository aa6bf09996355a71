import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { LOOPSTREAM_PORT } from '../../../contract/rules/products';
import type { Loopstream } from '../../../contract/calls/loopstreams';
import { ExpiryField } from '../components/expiry-field';
import { FormModal } from '../components/form-modal';
import { TextField } from '../components/text-field';
import { expiryToSave, startingExpiry } from '../state/expiry';
import { cleanServerAddress, saveLoopstream } from '../state/loopstreams';
import type { NewLoopstream } from '../state/loopstreams';
import { packageOptions } from '../state/order-actions';
import { loadStorefront } from '../state/storefront';
import { store } from '../state/store';

/** Values to start from (a paid order's buyer, package and paid-for expiry), and the call that creates it (an order's set-up). */
export type LoopstreamFormStart = {
  title?: string;
  initial?: { package_type: string; customer_name: string; expiry: string };
  create?: (input: NewLoopstream) => Promise<boolean>;
};

/** Generate when `editing` is undefined, else edit that record: the same fields either way. */
export function LoopstreamForm({
  onClose,
  title,
  initial,
  create,
  editing,
}: { onClose: () => void; editing?: Loopstream } & LoopstreamFormStart): ReactElement {
  const { storefront } = useSnapshot(store);
  const [start] = useState(() =>
    editing ? startingExpiry(editing.expired_date) : { wall: initial?.expiry ?? '', iso: '' },
  );
  const [packageType, setPackageType] = useState(editing?.package_type ?? initial?.package_type ?? '');
  const packages = packageOptions(storefront.saved?.plans, editing?.package_type ?? initial?.package_type);
  const chosen = packageType || packages[0] || '';

  useEffect(() => {
    // The packages are the catalogue's LoopStream plans.
    if (!store.storefront.saved && !store.storefront.loading) void loadStorefront();
  }, []);
  const [customer, setCustomer] = useState(editing?.customer_name ?? initial?.customer_name ?? '');
  const [server, setServer] = useState(editing?.ip_server ?? '');
  const [cleaned, setCleaned] = useState(false);
  const [expiry, setExpiry] = useState(start.wall);
  const [buyerEmail, setBuyerEmail] = useState(editing?.buyer_email ?? '');

  function onServerBlur(): void {
    const bare = cleanServerAddress(server);
    setCleaned(bare !== server.trim());
    setServer(bare);
  }

  async function onSubmit(): Promise<boolean> {
    const expiredDate = expiryToSave(expiry, start, 'access');
    if (expiredDate === null) return false;
    const input = {
      package_type: chosen,
      customer_name: customer.trim(),
      ip_server: server,
      expired_date: expiredDate,
      buyer_email: buyerEmail.trim(),
    };
    return !editing && create ? create(input) : saveLoopstream(input, editing);
  }

  return (
    <FormModal
      title={editing ? 'Edit LoopStream' : (title ?? 'Generate LoopStream')}
      submitLabel={editing ? 'Save Changes' : 'Generate'}
      busyLabel={editing ? 'Saving…' : 'Generating…'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <label className="field">
        <span className="field-label">Package</span>
        <select name="package_type" required value={chosen} onChange={(event) => setPackageType(event.target.value)}>
          {packages.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label="Customer name"
        name="customer_name"
        required
        autoComplete="off"
        value={customer}
        onChange={setCustomer}
      />
      <TextField
        label="IP server"
        name="ip_server"
        required
        autoComplete="off"
        inputMode="url"
        aria-describedby="ip-server-hint"
        value={server}
        onChange={setServer}
        onBlur={onServerBlur}
      >
        <span id="ip-server-hint" className="field-hint" aria-live="polite">
          {cleaned ? 'Only the address is needed: “http://” and the “/” were left out. ' : ''}
          {`Port ${LOOPSTREAM_PORT} is added automatically.`}
        </span>
      </TextField>
      <ExpiryField value={expiry} onChange={setExpiry} subject="access" />
      <TextField
        label="Buyer e-mail (optional)"
        name="buyer_email"
        type="email"
        autoComplete="off"
        aria-describedby="buyer-email-hint"
        value={buyerEmail}
        onChange={setBuyerEmail}
      >
        <span id="buyer-email-hint" className="field-hint">
          The buyer sees this access on their Lisensi Saya page.
          {create ? ' Left empty, the order’s e-mail is used.' : ''}
        </span>
      </TextField>
    </FormModal>
  );
}
