import { useRef, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { ACCOUNT_TEXT } from '../content/account-text';
import { useTypedBeforeHydration } from './typed-before-hydration';
import './email-link-form.css';
import { isEmailAddress } from '../../contract/rules/addresses';

export type LinkRequestResult = { ok: boolean; message: string };

/**
 * An e-mail box that asks the server for a one-time link (the buyer's sign-in and the free trial).
 * Prerendered, so an address typed before the code runs is kept (useTypedBeforeHydration); the
 * server's answer is read out through a live region, and a refusal puts focus back in the box.
 */
export function EmailLinkForm(props: {
  id: string;
  label: string;
  submitText: string;
  send: (email: string) => Promise<LinkRequestResult>;
  onSent?: (message: string, email: string) => void;
}): ReactElement {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, email, setEmail);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    // The box, not the state: a tap held before hydration is applied before the typed text reaches the state.
    const address = (field.current?.value ?? email).trim();
    if (!isEmailAddress(address)) {
      setError(ACCOUNT_TEXT.badEmail);
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    const result = await props.send(address);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      field.current?.focus();
      return;
    }
    props.onSent?.(result.message, address);
  };

  const errorId = `${props.id}-error`;
  return (
    <form className="link-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="link-form-row">
        <input
          id={props.id}
          ref={field}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? ACCOUNT_TEXT.sending : props.submitText}
        </button>
      </div>
      <p id={errorId} className="link-form-error" role="alert">
        {error}
      </p>
    </form>
  );
}
