import { useRef, useState } from 'react';
import type { ReactElement } from 'react';
import type { emailAccountLicense, releaseAccountDevice, revealAccountLicense } from '../../contract/calls/account';
import type { AccountLicense } from '../../contract/calls/account-records';
import { ACCOUNT_TEXT, LICENSE_TEXT } from '../content/account-text';
import { buyerCall, failureText, NetworkError, SessionEndedError } from './account-api';
import { showExpiry, showTime } from './account-format';
import { Fact } from './fact';
import { LicenseHistory } from './license-history';
import { ActivationOutlook, deviceText } from './activation-outlook';
import { ReleaseDialog } from './release-dialog';

type Props = {
  license: AccountLicense;
  whatsappUrl: string;
  onChanged: (license: AccountLicense) => void;
  onSessionEnded: () => void;
};

/** One LoopBOT licence with what the buyer can do to it (docs/spec.md#buyer-account). */
export function LicenseCard({ license, whatsappUrl, onChanged, onSessionEnded }: Props): ReactElement {
  const [key, setKey] = useState<string | undefined>();
  const [shown, setShown] = useState(false);
  const [note, setNote] = useState('');
  const [history, setHistory] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusedUntil, setRefusedUntil] = useState<string | undefined>();
  const limitAt = license.next_move_at ?? refusedUntil;
  const releaseButton = useRef<HTMLButtonElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const prefix = `license-${license.id}`;

  const say = (text: string): void => {
    setNote(text);
    noteRef.current?.focus();
  };
  const guarded = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof SessionEndedError) return onSessionEnded();
      say(error instanceof NetworkError ? ACCOUNT_TEXT.offline : String(error));
    } finally {
      setBusy(false);
    }
  };
  const fullKey = async (): Promise<string | undefined> => {
    if (key) return key;
    const result = await buyerCall<typeof revealAccountLicense>('POST', `/api/account/licenses/${license.id}/reveal`);
    if (!result.answer.success) return void say(failureText(result, ACCOUNT_TEXT.offline));
    setKey(result.answer.license_key);
    return result.answer.license_key;
  };
  const copy = (): Promise<void> =>
    guarded(async () => {
      const value = await fullKey();
      if (!value) return;
      const done = await navigator.clipboard?.writeText(value).then(
        () => true,
        () => false,
      );
      setNote(done ? LICENSE_TEXT.copied : LICENSE_TEXT.copyFailed);
    });
  const release = (): Promise<void> =>
    guarded(async () => {
      const result = await buyerCall<typeof releaseAccountDevice>(
        'POST',
        `/api/account/licenses/${license.id}/release`,
      );
      setConfirming(false);
      if (result.answer.success) {
        onChanged(result.answer.license);
        return say(result.answer.message);
      }
      const answer = result.answer as { next_move_at?: string };
      if (result.status === 429 && answer.next_move_at) setRefusedUntil(answer.next_move_at);
      say(failureText(result, result.status === 409 ? LICENSE_TEXT.noDevice : ACCOUNT_TEXT.offline));
    });
  const resend = (): Promise<void> =>
    guarded(async () => {
      const result = await buyerCall<typeof emailAccountLicense>('POST', `/api/account/licenses/${license.id}/email`);
      say(result.answer.success ? result.answer.message : failureText(result, ACCOUNT_TEXT.offline));
    });

  const active = license.state === 'active';
  return (
    <article className="card license-card" aria-labelledby={`${prefix}-title`} data-license-id={license.id}>
      <header className="license-head">
        <h3 id={`${prefix}-title`}>
          LoopBOT{license.trial && <span className="license-badge">{LICENSE_TEXT.trial}</span>}
        </h3>
        <span className={`license-state state-${license.trial_refused_at ? 'refused' : license.state}`}>
          <span className="visually-hidden">{LICENSE_TEXT.status}: </span>
          {license.state_text}
        </span>
      </header>
      <div className="license-key">
        <span className="license-key-label" id={`${prefix}-key`}>
          {LICENSE_TEXT.key}
        </span>
        <code aria-labelledby={`${prefix}-key`}>{shown && key ? key : license.key_masked}</code>
        <div className="license-key-actions">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-pressed={shown}
            disabled={busy}
            onClick={() => void guarded(async () => setShown(!shown && Boolean(await fullKey())))}
          >
            {shown ? LICENSE_TEXT.hide : LICENSE_TEXT.reveal}
          </button>
          <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void copy()}>
            {LICENSE_TEXT.copy}
          </button>
        </div>
      </div>
      <dl className="license-facts">
        <Fact term={LICENSE_TEXT.expires}>{showExpiry(license.expired_date, license.days_left, active)}</Fact>
        <Fact term={LICENSE_TEXT.device}>{deviceText(license)}</Fact>
        {license.device_bound && <Fact term={LICENSE_TEXT.activated}>{showTime(license.device_activated_at)}</Fact>}
        <Fact term={LICENSE_TEXT.lastSeen}>{showTime(license.last_seen_at)}</Fact>
        <Fact term={LICENSE_TEXT.version}>{license.app_version ?? '—'}</Fact>
      </dl>
      <p className="license-note" role="status" tabIndex={-1} ref={noteRef}>
        {note}
      </p>
      <ActivationOutlook license={license} limitAt={limitAt} whatsappUrl={whatsappUrl} />
      <div className="license-actions">
        {license.renew_url && (
          <a className="btn btn-primary btn-sm" href={license.renew_url} target="_blank" rel="noopener">
            {LICENSE_TEXT.renew}
            <span className="visually-hidden"> (tab baru)</span>
          </a>
        )}
        {license.device_bound && !limitAt && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            ref={releaseButton}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {LICENSE_TEXT.release}
          </button>
        )}
        <a className="btn btn-outline btn-sm" href={`/api/account/licenses/${license.id}/download`} download>
          {LICENSE_TEXT.download}
        </a>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void resend()}>
          {LICENSE_TEXT.resend}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={history}
          aria-controls={`${prefix}-history`}
          onClick={() => setHistory(!history)}
        >
          {history ? LICENSE_TEXT.hideHistory : LICENSE_TEXT.history}
        </button>
      </div>
      <div id={`${prefix}-history`}>
        {history && (
          <LicenseHistory id={license.id} headingId={`${prefix}-history-title`} onSessionEnded={onSessionEnded} />
        )}
      </div>
      {confirming && (
        <ReleaseDialog
          deviceName={license.device_name ?? '—'}
          busy={busy}
          onConfirm={() => void release()}
          onClose={() => {
            setConfirming(false);
            releaseButton.current?.focus();
          }}
        />
      )}
    </article>
  );
}
