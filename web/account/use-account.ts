import { useCallback, useEffect, useState } from 'react';
import type {
  accountLogout,
  accountLogoutAll,
  checkAccountSession,
  getAccount,
  openAccountLink,
} from '../../contract/calls/account';
import type { AccountLicense } from '../../contract/calls/account-records';
import { ACCOUNT_TEXT } from '../content/account-text';
import { buyerCall, failureText, NetworkError, SessionEndedError, takeTokenFromAddress } from './account-api';
import type { AccountData } from './account-view';

export type Phase =
  | { name: 'form'; notice?: string }
  | { name: 'sent'; message: string }
  | { name: 'opening' }
  | { name: 'invalid'; message: string }
  | { name: 'loading' }
  | { name: 'error'; message: string }
  | { name: 'account'; account: AccountData; trialMessage?: string };

const offline = (error: unknown): string => (error instanceof NetworkError ? ACCOUNT_TEXT.offline : String(error));
/** An ended session is not a connection problem: back to the e-mail box, saying why. */
const SESSION_ENDED: Phase = { name: 'form', notice: ACCOUNT_TEXT.sessionEnded };
const failed = (error: unknown): Phase =>
  error instanceof SessionEndedError ? SESSION_ENDED : { name: 'error', message: offline(error) };

/**
 * The states of /lisensi. The prerendered page is the e-mail form; once running it opens a link from
 * the address (`#token=`), or asks whether this browser is signed in. Answers live only in memory.
 */
export function useAccount(): {
  phase: Phase;
  setPhase: (phase: Phase) => void;
  load: (trialMessage?: string) => Promise<void>;
  updateLicense: (license: AccountLicense) => void;
  signOut: (everywhere: boolean) => Promise<void>;
  sessionEnded: () => void;
  busy: boolean;
} {
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (trialMessage?: string): Promise<void> => {
    setPhase({ name: 'loading' });
    try {
      const result = await buyerCall<typeof getAccount>('GET', '/api/account');
      if (result.answer.success) setPhase({ name: 'account', account: result.answer, trialMessage });
      else setPhase({ name: 'error', message: failureText(result, ACCOUNT_TEXT.offline) });
    } catch (error) {
      setPhase(failed(error));
    }
  }, []);

  const start = useCallback(async (): Promise<void> => {
    const token = takeTokenFromAddress();
    try {
      if (token) {
        setPhase({ name: 'opening' });
        const opened = await buyerCall<typeof openAccountLink>('POST', '/api/account/session', { token });
        if (!opened.answer.success) {
          return setPhase({ name: 'invalid', message: failureText(opened, ACCOUNT_TEXT.invalidLink) });
        }
        return load(opened.answer.trial?.message);
      }
      const checked = await buyerCall<typeof checkAccountSession>('GET', '/api/account/check');
      if (checked.answer.success && checked.answer.signed_in) await load();
    } catch (error) {
      setPhase(failed(error));
    }
  }, [load]);

  useEffect(() => {
    void start();
    // A link opened while the page is already showing (same tab, new hash) is opened too.
    const onHash = (): void => void (window.location.hash.includes('token=') && start());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [start]);

  const updateLicense = (license: AccountLicense): void =>
    setPhase((current) =>
      current.name === 'account'
        ? {
            ...current,
            account: {
              ...current.account,
              licenses: current.account.licenses.map((item) => (item.id === license.id ? license : item)),
            },
          }
        : current,
    );

  const signOut = async (everywhere: boolean): Promise<void> => {
    setBusy(true);
    try {
      const result = everywhere
        ? await buyerCall<typeof accountLogoutAll>('POST', '/api/account/logout-all')
        : await buyerCall<typeof accountLogout>('POST', '/api/account/logout');
      if (!result.answer.success)
        return setPhase({ name: 'error', message: failureText(result, ACCOUNT_TEXT.offline) });
      const message =
        'message' in result.answer && typeof result.answer.message === 'string'
          ? result.answer.message
          : ACCOUNT_TEXT.signedOut;
      setPhase({ name: 'form', notice: message });
    } catch (error) {
      // Signing out of a session that already ended leaves the buyer signed out all the same.
      setPhase(error instanceof SessionEndedError ? { name: 'form', notice: ACCOUNT_TEXT.signedOut } : failed(error));
    } finally {
      setBusy(false);
    }
  };

  const sessionEnded = useCallback((): void => setPhase(SESSION_ENDED), []);

  return { phase, setPhase, load, updateLicense, signOut, sessionEnded, busy };
}
