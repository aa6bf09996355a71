import { useState } from 'react';
import type { ReactElement } from 'react';
import type { AppType } from '../../../contract/calls/licenses';
import { ExpiryField } from '../components/expiry-field';
import { FormModal } from '../components/form-modal';
import { TextField } from '../components/text-field';
import { expiryToSave, startingExpiry } from '../state/expiry';
import { createLicense } from '../state/licenses';

const NEW = startingExpiry(undefined);

export function LicenseForm({ onClose }: { onClose: () => void }): ReactElement {
  const [email, setEmail] = useState('');
  const [appType, setAppType] = useState<AppType>('loopbot');
  const [expiry, setExpiry] = useState(NEW.wall);

  async function onSubmit(): Promise<boolean> {
    const expiredDate = expiryToSave(expiry, NEW, 'licence');
    return expiredDate !== null && createLicense({ email: email.trim(), app_type: appType, expired_date: expiredDate });
  }

  return (
    <FormModal
      title="Create License"
      submitLabel="Create License"
      busyLabel="Creating…"
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label="E-mail"
        type="email"
        name="email"
        required
        autoComplete="off"
        value={email}
        onChange={setEmail}
      />
      <label className="field">
        <span className="field-label">App type</span>
        <select
          name="app_type"
          required
          value={appType}
          onChange={(event) => setAppType(event.target.value === 'loopstream' ? 'loopstream' : 'loopbot')}
        >
          <option value="loopbot">LoopBOT</option>
          <option value="loopstream">LoopStream</option>
        </select>
      </label>
      <ExpiryField value={expiry} onChange={setExpiry} subject="licence" />
    </FormModal>
  );
}
