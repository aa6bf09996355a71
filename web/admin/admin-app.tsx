import { useEffect } from 'react';
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Dashboard } from './components/dashboard';
import { LoginScreen } from './components/login-screen';
import { readTabFromHash } from './state/navigation';
import { checkSession } from './state/session';
import { store } from './state/store';

export function AdminApp(): ReactElement {
  const { session } = useSnapshot(store);

  useEffect(() => {
    readTabFromHash();
    window.addEventListener('hashchange', readTabFromHash);
    void checkSession();
    return () => window.removeEventListener('hashchange', readTabFromHash);
  }, []);

  if (!session.checked) {
    return (
      <main className="login-page" aria-busy="true">
        <p className="muted">Loading…</p>
      </main>
    );
  }
  return session.loggedIn ? <Dashboard /> : <LoginScreen />;
}
