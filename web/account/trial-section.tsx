import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { requestTrial } from '../../contract/calls/trial';
import { EmailLinkForm } from '../components/email-link-form';
import type { LinkRequestResult } from '../components/email-link-form';
import { SectionHeading } from '../components/section-heading';
import { ACCOUNT_TEXT, TRIAL_TEXT } from '../content/account-text';
import { storefront } from '../content/storefront';
import { TRIAL_ANCHOR } from '../../contract/rules/paths';
import { buyerCall, failureText, NetworkError } from './account-api';
import './trial-section.css';

type Offer = { enabled: boolean; days: number; paidUrl: string | null };

async function askForTrial(email: string): Promise<LinkRequestResult> {
  try {
    const result = await buyerCall<typeof requestTrial>('POST', '/api/trial', { email });
    if (result.answer.success) return { ok: true, message: result.answer.message };
    if (result.status === 409) return { ok: false, message: TRIAL_TEXT.offTitle };
    return {
      ok: false,
      message: failureText(result, result.status === 400 ? ACCOUNT_TEXT.badEmail : ACCOUNT_TEXT.offline),
    };
  } catch (error) {
    return { ok: false, message: error instanceof NetworkError ? ACCOUNT_TEXT.offline : String(error) };
  }
}

/**
 * "Coba gratis" on /loopbot (docs/spec.md#free-trial), from the page's catalogue (on or off, its days):
 * every save renders the page again, so it asks the API nothing on load; a trial switched off since
 * (a page kept open) is refused with 409 and said so on sending.
 */
export function TrialSection({ paidTrialUrl }: { paidTrialUrl: string | null }): ReactElement {
  const fromPage = storefront().trial;
  const offer: Offer = { enabled: fromPage?.enabled ?? true, days: fromPage?.days ?? 3, paidUrl: paidTrialUrl };
  const [sent, setSent] = useState('');
  const sentRef = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    // Client navigation to /loopbot#coba-gratis lands at the top; the form is what was asked for.
    if (window.location.hash === `#${TRIAL_ANCHOR}`) section.current?.scrollIntoView();
  }, []);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <section
      className="section section-tight trial-section"
      id={TRIAL_ANCHOR}
      ref={section}
      aria-labelledby="trial-title"
    >
      <div className="container narrow">
        <SectionHeading
          eyebrow={TRIAL_TEXT.eyebrow}
          title={offer.enabled ? TRIAL_TEXT.title : TRIAL_TEXT.offTitle}
          id="trial-title"
        >
          {offer.enabled ? TRIAL_TEXT.lead(offer.days) : TRIAL_TEXT.offLead}
        </SectionHeading>
        <div className="card trial-card" data-trial={offer.enabled ? 'on' : 'off'}>
          {!offer.enabled ? (
            offer.paidUrl && (
              <a className="btn btn-primary btn-lg" href={offer.paidUrl} target="_blank" rel="noopener">
                {TRIAL_TEXT.paidTrial}
              </a>
            )
          ) : sent ? (
            <div ref={sentRef} tabIndex={-1} role="status" className="trial-sent">
              <h3>{ACCOUNT_TEXT.sentTitle}</h3>
              <p>{sent}</p>
              <p className="trial-fine">{ACCOUNT_TEXT.sentHint}</p>
            </div>
          ) : (
            <>
              <EmailLinkForm
                id="trial-email"
                label={TRIAL_TEXT.emailLabel}
                submitText={TRIAL_TEXT.submit}
                send={askForTrial}
                onSent={(message) => setSent(message)}
              />
              <p className="trial-fine">{TRIAL_TEXT.fine}</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
