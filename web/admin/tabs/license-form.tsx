import { useState } from 'react';
import type { ReactElement } from 'react';
import type { AppType } from '../../../contract/licenses';
import { FormModal } from '../components/form-modal';
import { localInputToIso } from '../format';
import { createLicense } from '../state/licenses';

export function LicenseForm({ onClose }: { onClose: () => void }): ReactElement {
  const [email, setEmail] = useState('');
  const [appType, setAppType] = useState<AppType>('loopbot');
  const [expiry, setExpiry] = useState('');

  return (
    <FormModal
      title="Create License"
      submitLabel="Create License"
      busyLabel="Creating…"
      onClose={onClose}
      onSubmit={() => createLicense({ email: email.trim(), app_type: appType, expired_date: localInputToIso(expiry) })}
    >
      <label className="field">
        <span className="field-label">E-mail</span>
        <input type="email" name="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">App type</span>
        <select name="app_type" required value={appType} onChange={(event) => setAppType(event.target.value === 'loopstream' ? 'loopstream' : 'loopbot')}>
          <option value="loopbot">LoopBOT</option>
          <option value="loopstream">LoopStream</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">Expiry date and time</span>
        <input type="datetime-local" name="expired_date" required value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </label>
    </FormModal>
  );
}
