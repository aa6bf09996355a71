import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { passkeySignIn, signIn, submitCode } from '../state/security';
import { enterDashboard } from '../state/session';

/** Signs in with a passkey, then opens the dashboard. */
export async function signInWithPasskey(): Promise<void> {
  if (await passkeySignIn()) await enterDashboard();
}

/** The sign-in's second step: one field for the app's 6-digit code, or a recovery code. */
export function CodeStep(): ReactElement {
  const snap = useSnapshot(signIn);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (await submitCode(code.trim())) await enterDashboard();
    else setCode('');
  }

  return (
    <form className="login-card" onSubmit={(event) => void onSubmit(event)} aria-labelledby="code-title">
      <div className="brand brand-large" aria-hidden="true">
        <span className="brand-mark">L</span>
      </div>
      <h1 id="code-title">Two-step sign-in</h1>
      <p className="muted">
        {recovery
          ? 'Enter one of your recovery codes. Each one works only once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <label className="field">
        <span className="field-label">{recovery ? 'Recovery code' : 'Code'}</span>
        {recovery ? (
          <input
            key="recovery"
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <input
            key="code"
            name="code"
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </label>
      {snap.error ? (
        <p className="form-error" role="alert">
          {snap.error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={snap.busy}>
        {snap.busy ? 'Checking…' : 'Verify'}
      </button>
      <div className="code-step-links">
        <button
          type="button"
          className="text-button"
          onClick={() => {
            setRecovery((shown) => !shown);
            setCode('');
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-button" disabled={snap.busy} onClick={() => void signInWithPasskey()}>
          Use a passkey
        </button>
        <button type="button" className="text-button" onClick={() => (signIn.step = 'password')}>
          Back
        </button>
      </div>
    </form>
  );
}
