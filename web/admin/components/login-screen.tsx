import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { signIn } from '../state/security';
import { login } from '../state/session';
import { store } from '../state/store';
import '../styles/security-login.css';
import { CodeStep, signInWithPasskey } from './code-step';
import { LoginCard } from './login-card';

export function LoginScreen(): ReactElement {
  const { session } = useSnapshot(store);
  const step = useSnapshot(signIn);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void login(username.trim(), password);
  }

  if (step.step === 'code') {
    return (
      <main className="login-page">
        <CodeStep />
      </main>
    );
  }

  return (
    <main className="login-page">
      <LoginCard
        titleId="login-title"
        title="Admin Dashboard"
        intro="Sign in to manage licences, LoopStream access, prompts and settings."
        onSubmit={onSubmit}
      >
        <label className="field">
          <span className="field-label">Username</span>
          <input
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <div className="field">
          <label className="field-label" htmlFor="login-password">
            Password
          </label>
          <div className="password-row">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button
              type="button"
              className="button button-secondary"
              aria-pressed={showPassword}
              aria-controls="login-password"
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Hide' : 'Show'}
              <span className="visually-hidden"> password</span>
            </button>
          </div>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={session.busy}>
          {session.busy ? 'Signing in…' : 'Sign in'}
        </button>
        <div className="login-or" aria-hidden="true">
          or
        </div>
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={session.busy || step.busy}
          onClick={() => void signInWithPasskey()}
        >
          Sign in with a passkey
        </button>
        {step.error ? (
          <p className="form-error" role="alert">
            {step.error}
          </p>
        ) : null}
      </LoginCard>
    </main>
  );
}
