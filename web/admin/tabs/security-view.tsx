import type { ReactElement } from 'react';
import { openSecurity } from '../state/security';
import '../styles/security.css';
import { SecurityPasskeys, SecuritySessions } from './security-lists';
import { SecurityTotp } from './security-totp';

/** The Security view, opened from the header: second factor, passkeys, signed-in sessions. */
export function SecurityView(): ReactElement {
  return (
    <section className="security-view" aria-labelledby="security-title">
      <div className="spread-row security-head">
        <h2 id="security-title">Security</h2>
        <button type="button" className="button button-secondary" onClick={() => openSecurity(false)}>
          Back to the dashboard
        </button>
      </div>
      <SecurityTotp />
      <SecurityPasskeys />
      <SecuritySessions />
    </section>
  );
}
