import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { refreshSecurityQuietly, security } from '../state/security';

/** Looked at again this often while the dashboard is open. */
const REFRESH_MS = 60_000;

/**
 * Sign-in codes being guessed (counted in "Needs Attention" too): whoever sends codes got past
 * the password, so the notice says to change it. The owner also gets one e-mail per incident.
 */
export function GuessingNotice(): ReactElement | null {
  const { overview } = useSnapshot(security);
  useEffect(() => {
    void refreshSecurityQuietly();
    const timer = setInterval(() => void refreshSecurityQuietly(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const guessing = overview?.code_guessing;
  if (!guessing) return null;
  const minutes = Math.ceil(guessing.locked_for_seconds / 60);
  return (
    <section className="notice notice-warning" aria-label="Sign-in codes" data-guessing-notice>
      <strong>Someone is guessing your sign-in codes.</strong> Codes are asked only after the right password: change the
      admin password now (<code>npm run admin:password</code>). The code step was locked {guessing.lockouts}{' '}
      {guessing.lockouts === 1 ? 'time' : 'times'} today
      {minutes > 0 ? `, and stays locked for ${minutes} more ${minutes === 1 ? 'minute' : 'minutes'}` : ''}. The refused
      sign-ins and their addresses are in the Activity tab.
    </section>
  );
}
