import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { SECURITY_MESSAGES as TEXT } from '../messages';
import { copyRecoveryCodes, downloadRecoveryCodes } from '../state/recovery-codes';
import { confirmTotp, disableTotp, security, startTotp } from '../state/security';

/** The authenticator app: set-up (QR code, secret, a code to confirm), the recovery codes once, turning it off. */
export function SecurityTotp(): ReactElement {
  const snap = useSnapshot(security);
  const [code, setCode] = useState('');
  const on = snap.overview?.totp_enabled ?? false;

  async function onConfirm(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (await confirmTotp(code.trim())) setCode('');
  }

  function onDisable(): void {
    const typed = window.prompt(TEXT.totpOffQuestion);
    if (typed?.trim()) void disableTotp(typed.trim());
  }

  return (
    <section className="security-card" aria-labelledby="totp-title">
      <h2 id="totp-title">Authenticator app</h2>
      {on ? (
        <>
          <p>
            <span className="badge badge-active">On</span> Every sign-in asks for a code after the password.{' '}
            {snap.overview?.recovery_codes_left ?? 0} of 10 recovery codes left.
          </p>
          <button type="button" className="button button-secondary" disabled={snap.busy} onClick={onDisable}>
            Turn off
          </button>
        </>
      ) : snap.enrolment ? (
        <form className="totp-enrol" onSubmit={(event) => void onConfirm(event)}>
          <p>
            Scan the QR code with an authenticator app (Google Authenticator, Aegis, 1Password…), or type the secret.
          </p>
          <div
            className="totp-qr"
            role="img"
            aria-label="QR code of the authenticator secret"
            dangerouslySetInnerHTML={{ __html: snap.enrolment.qrSvg }}
          />
          <p>
            Secret: <code className="totp-secret">{snap.enrolment.secret}</code>
          </p>
          <label className="field">
            <span className="field-label">Code from the app</span>
            <input
              name="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <button type="submit" className="button button-primary" disabled={snap.busy}>
            Turn on
          </button>
        </form>
      ) : (
        <>
          <p>Off. With it on, a stolen password alone no longer opens the dashboard.</p>
          <button type="button" className="button button-primary" disabled={snap.busy} onClick={() => void startTotp()}>
            Set up the authenticator app
          </button>
        </>
      )}
      {snap.recoveryCodes.length > 0 ? (
        <div className="recovery-codes" role="status">
          <p>
            <strong>{TEXT.totpOn}</strong> Each code below signs in once if the phone is lost. They are shown only now.
          </p>
          <ol>
            {snap.recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ol>
          <div className="recovery-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void copyRecoveryCodes(snap.recoveryCodes)}
            >
              Copy codes
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => downloadRecoveryCodes(snap.recoveryCodes)}
            >
              Download .txt
            </button>
            <button type="button" className="button button-primary" onClick={() => (security.recoveryCodes = [])}>
              I saved them
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
