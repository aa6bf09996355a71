import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import type { requestAccountLink } from '../../contract/calls/account';
import { buyerCall, failureText, NetworkError } from './account-api';
import { AccountView } from './account-view';
import { useAccount } from './use-account';
import { EmailLinkForm } from '../components/email-link-form';
import type { LinkRequestResult } from '../components/email-link-form';
import { ACCOUNT_TEXT } from '../content/account-text';
import { whatsappUrl } from '../content/links';

async function askForLink(email: string): Promise<LinkRequestResult> {
  try {
    const result = await buyerCall<typeof requestAccountLink>('POST', '/api/account/link', { email });
    if (result.answer.success) return { ok: true, message: result.answer.message };
    return {
      ok: false,
      message: failureText(result, result.status === 400 ? ACCOUNT_TEXT.badEmail : ACCOUNT_TEXT.offline),
    };
  } catch (error) {
    return { ok: false, message: error instanceof NetworkError ? ACCOUNT_TEXT.offline : String(error) };
  }
}

/**
 * "Lisensi Saya", the /lisensi page's island: a buyer signs in by e-mailed link and manages what
 * their address bought.
 */
export function LicensesView(): ReactElement {
  const { phase, setPhase, load, updateLicense, signOut, sessionEnded, busy } = useAccount();
  const focusTarget = useRef<HTMLDivElement>(null);
  // Each new state is announced and takes focus, so a screen reader and the keyboard follow it.
  useEffect(() => {
    if (phase.name !== 'form' || phase.notice) focusTarget.current?.focus();
  }, [phase.name]);

  const form = (
    <EmailLinkForm
      id="account-email"
      label={ACCOUNT_TEXT.emailLabel}
      submitText={ACCOUNT_TEXT.sendLink}
      send={askForLink}
      onSent={(message) => setPhase({ name: 'sent', message })}
    />
  );

  return (
    <>
      <section className="section section-tight">
        <div className="container account-container">
          <h1>{ACCOUNT_TEXT.title}</h1>
          <div ref={focusTarget} tabIndex={-1} className="account-state" aria-live="polite" data-phase={phase.name}>
            {phase.name === 'form' && (
              <>
                {phase.notice && <p className="account-message">{phase.notice}</p>}
                <p className="account-lead">{ACCOUNT_TEXT.lead}</p>
              </>
            )}
            {phase.name === 'sent' && (
              <div className="card account-message">
                <h2>{ACCOUNT_TEXT.sentTitle}</h2>
                <p>{phase.message}</p>
                <p className="account-hint">{ACCOUNT_TEXT.sentHint}</p>
              </div>
            )}
            {phase.name === 'opening' && <p className="account-message">{ACCOUNT_TEXT.opening}</p>}
            {phase.name === 'loading' && <p className="account-message">{ACCOUNT_TEXT.loading}</p>}
            {phase.name === 'invalid' && <p className="account-message account-problem">{phase.message}</p>}
            {phase.name === 'error' && (
              <div className="account-message account-problem">
                <p>{phase.message}</p>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => void load()}>
                  {ACCOUNT_TEXT.retry}
                </button>
              </div>
            )}
            {phase.name === 'account' && phase.trialMessage && (
              <p className="account-message account-trial">{phase.trialMessage}</p>
            )}
          </div>
          {(phase.name === 'form' || phase.name === 'invalid') && form}
          {phase.name === 'sent' && (
            <button type="button" className="btn btn-outline" onClick={() => setPhase({ name: 'form' })}>
              {ACCOUNT_TEXT.useOtherEmail}
            </button>
          )}
          {phase.name === 'account' && (
            <AccountView
              account={phase.account}
              fallbackWhatsapp={whatsappUrl('Halo Admin, saya perlu bantuan soal lisensi saya.')}
              onLicense={updateLicense}
              onSessionEnded={sessionEnded}
              onSignOut={(everywhere) => void signOut(everywhere)}
              busy={busy}
            />
          )}
        </div>
      </section>
    </>
  );
}
