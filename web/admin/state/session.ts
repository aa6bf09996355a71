import { apiJson, ApiError, setUnauthorizedHandler } from '../api-client';
import type * as calls from '../../../contract/calls/admin-session';
import { MESSAGES } from '../messages';
import { notify } from './dialogs';
import { openSecurity, signIn } from './security';
import { loadTimeZone, reloadAll } from './loaders';
import { clearData, store } from './store';

function endSession(): void {
  clearData();
  openSecurity(false);
  signIn.step = 'password';
  store.session.loggedIn = false;
}

setUnauthorizedHandler(() => {
  if (store.session.loggedIn) endSession();
});

/** On load: asks the server whether the cookie is still a session. Fails silently: the login form shows, no alert (docs/spec.md#admin-session). */
export async function checkSession(): Promise<void> {
  try {
    const answer = await apiJson<typeof calls.checkSession>('GET', '/api/admin/check');
    store.session.loggedIn = answer.success && answer.logged_in;
  } catch {
    store.session.loggedIn = false;
  }
  store.session.checked = true;
  if (store.session.loggedIn) await Promise.all([loadTimeZone(), reloadAll()]);
}

/** Resolves true when logged in; failures are alerts with the server's text first (docs/spec.md#admin-messages). */
export async function login(username: string, password: string): Promise<boolean> {
  store.session.busy = true;
  try {
    const answer = await apiJson<typeof calls.login>('POST', '/api/admin/login', { username, password });
    if (!answer.success) {
      notify(answer.error || MESSAGES.loginFailed);
      return false;
    }
    if (answer.second_factor === 'required') {
      signIn.error = '';
      signIn.step = 'code';
      return false;
    }
    await enterDashboard();
    return true;
  } catch (error) {
    notify(MESSAGES.loginError + (error instanceof ApiError || error instanceof Error ? error.message : String(error)));
    return false;
  } finally {
    store.session.busy = false;
  }
}

/** After any successful sign-in (password, code step, passkey): the dashboard and its lists. */
export async function enterDashboard(): Promise<void> {
  store.session.loggedIn = true;
  store.session.checked = true;
  await Promise.all([loadTimeZone(), reloadAll()]);
}

/** Back to the login form with every list and the stats forgotten, whatever the server says. */
export async function logout(): Promise<void> {
  try {
    await apiJson<typeof calls.logout>('POST', '/api/admin/logout');
  } catch {
    // The local state is cleared anyway; the cookie expires on its own.
  }
  endSession();
}
