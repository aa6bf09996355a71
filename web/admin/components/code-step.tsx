import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { passkeySignIn, signIn, submitCode } from '../state/security';
import { enterDashboard } from '../state/session';
import { LoginCard } from './login-card';

/** Signs in with a passkey, then opens the dashboard. */
export async function signInWithPasskey(): Promise<void> {
  if (await passkeySignIn()) await enterDashboard();
}

/** What the one field takes: the app's code (digits, the phone's one-time-code fill), or a recovery code as typed. */
const CODE_INPUT = {
  name: 'code',
  className: 'code-input',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9 ]{6,7}',
  maxLength: 7,
} as const;
const RECOVERY_INPUT = {
  name: 'recovery-code',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

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
    <LoginCard
      titleId="code-title"
      title="Two-step sign-in"
      intro={
        recovery
          ? 'Enter one of your recovery codes. Each one works only once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
      onSubmit={(event) => void onSubmit(event)}
    >
      <label className="field">
        <span className="field-label">{recovery ? 'Recovery code' : 'Code'}</span>
        <input
          key={recovery ? 'recovery' : 'code'}
          {...(recovery ? RECOVERY_INPUT : CODE_INPUT)}
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
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
    </LoginCard>
  );
}
