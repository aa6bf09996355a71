import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { ShopDate } from '../components/shop-date';
import { addPasskey, endSession, removePasskey, renamePasskey, security } from '../state/security';

export function SecurityPasskeys(): ReactElement {
  const snap = useSnapshot(security);
  const passkeys = snap.overview?.passkeys ?? [];
  return (
    <section className="security-card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>
        A passkey signs in on its own, with this device's fingerprint, face or PIN, and only on this shop's address.
      </p>
      {passkeys.length > 0 ? (
        <ul className="security-list">
          {passkeys.map((key, index) => (
            <li key={key.id}>
              <span>
                <strong>{key.name || `Passkey ${index + 1}`}</strong>
                <span className="muted">
                  Added <ShopDate value={key.created_at} />
                  {key.last_used_at ? (
                    <>
                      , last used <ShopDate value={key.last_used_at} />
                    </>
                  ) : null}
                </span>
              </span>
              <span className="security-actions">
                <button
                  type="button"
                  className="button button-small button-secondary"
                  disabled={snap.busy}
                  onClick={() => void renamePasskey(key.id, key.name)}
                >
                  Rename<span className="visually-hidden"> {key.name || `passkey ${index + 1}`}</span>
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  disabled={snap.busy}
                  onClick={() => void removePasskey(key.id)}
                >
                  Remove<span className="visually-hidden"> {key.name || `passkey ${index + 1}`}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button button-primary" disabled={snap.busy} onClick={() => void addPasskey()}>
        Add a passkey
      </button>
    </section>
  );
}

export function SecuritySessions(): ReactElement {
  const snap = useSnapshot(security);
  const sessions = snap.overview?.sessions ?? [];
  return (
    <section className="security-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in sessions</h2>
      <ul className="security-list">
        {sessions.map((session) => (
          <li key={session.id}>
            <span>
              <strong title={session.user_agent}>
                {session.device}
                {session.current ? <span className="badge badge-active">This device</span> : null}
              </strong>
              {/* Two sessions of one browser differ by their short id and sign-in time. */}
              <span className="muted">
                Signed in <ShopDate value={session.created_at} /> from {session.ip}
              </span>
              <span className="muted">
                Last used <ShopDate value={session.last_seen_at} /> · session{' '}
                <code className="session-id">{session.id.slice(0, 6)}</code>
              </span>
            </span>
            {session.current ? null : (
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={snap.busy}
                onClick={() => void endSession(session.id)}
              >
                End
                <span className="visually-hidden">
                  {' '}
                  session {session.id.slice(0, 6)} on {session.device}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
