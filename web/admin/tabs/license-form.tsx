import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { Modal } from '../components/modal';
import { localInputToIso } from '../format';
import { createLicense } from '../state/licenses';
import type { AppType } from '../types';

export function LicenseForm({ onClose }: { onClose: () => void }): ReactElement {
  const [email, setEmail] = useState('');
  const [appType, setAppType] = useState<AppType>('loopbot');
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    const created = await createLicense({ email: email.trim(), app_type: appType, expired_date: localInputToIso(expiry) });
    setBusy(false);
    if (created) onClose();
  }

  return (
    <Modal
      title="Create License"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="license-form" className="button button-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create License'}
          </button>
        </>
      }
    >
      <form id="license-form" className="form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          <span className="field-label">E-mail</span>
          <input type="email" name="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">App type</span>
          <select name="app_type" required value={appType} onChange={(event) => setAppType(event.target.value as AppType)}>
            <option value="loopbot">LoopBOT</option>
            <option value="loopstream">LoopStream</option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">Expiry date and time</span>
          <input type="datetime-local" name="expired_date" required value={expiry} onChange={(event) => setExpiry(event.target.value)} />
        </label>
      </form>
    </Modal>
  );
}
