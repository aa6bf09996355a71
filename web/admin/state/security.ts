/**
 * The Security view's state and actions (second factor, passkeys, sessions) and the sign-in's
 * second step. WebAuthn ceremonies run through @simplewebauthn/browser.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { proxy } from 'valtio';
import type * as calls from '../../../contract/calls/admin-security';
import type { AnswerOf } from '../../../contract/calls/call';
import { apiJson } from '../api-client';
import { SECURITY_MESSAGES as TEXT } from '../messages';
import { confirmAction, notify } from './dialogs';

type Overview = AnswerOf<typeof calls.getSecurity, 200>;
type Enrolment = { secret: string; qrSvg: string };

export const security = proxy({
  open: false,
  overview: undefined as Overview | undefined,
  enrolment: undefined as Enrolment | undefined,
  /** Shown once, right after the set-up; gone when the owner closes them. */
  recoveryCodes: [] as string[],
  busy: false,
});

/** The sign-in's state between the password and the session. */
export const signIn = proxy({ step: 'password' as 'password' | 'code', error: '', busy: false });

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export async function loadSecurity(): Promise<void> {
  try {
    const answer = await apiJson<typeof calls.getSecurity>('GET', '/api/admin/security');
    if (answer.success) security.overview = answer;
    else notify(TEXT.loadFailed + answer.error);
  } catch (error) {
    notify(TEXT.loadFailed + reason(error));
  }
}

/** For the dashboard's notice: no alert when it fails, the next refresh tries again. */
export async function refreshSecurityQuietly(): Promise<void> {
  const answer = await apiJson<typeof calls.getSecurity>('GET', '/api/admin/security').catch(() => undefined);
  if (answer?.success) security.overview = answer;
}

/** What code guessing adds to the dashboard's "Needs Attention": one while it goes on. */
export function guessingAttention(overview: Pick<Overview, 'code_guessing'> | undefined): number {
  return overview?.code_guessing ? 1 : 0;
}

export function openSecurity(open: boolean): void {
  security.open = open;
  if (open) void loadSecurity();
  else security.recoveryCodes = [];
}

async function busyWith(work: () => Promise<void>): Promise<void> {
  security.busy = true;
  try {
    await work();
  } catch (error) {
    notify(TEXT.changeFailed + reason(error));
  } finally {
    security.busy = false;
  }
}

export function startTotp(): Promise<void> {
  return busyWith(async () => {
    const answer = await apiJson<typeof calls.startTotp>('POST', '/api/admin/security/totp/start');
    if (!answer.success) return notify(TEXT.totpStartFailed + answer.error);
    security.enrolment = { secret: answer.secret, qrSvg: answer.qr_svg };
  });
}

/** True when the code turned the factor on. */
export async function confirmTotp(code: string): Promise<boolean> {
  let done = false;
  await busyWith(async () => {
    const answer = await apiJson<typeof calls.confirmTotp>('POST', '/api/admin/security/totp/confirm', { code });
    if (!answer.success) return notify(TEXT.totpConfirmFailed + answer.error);
    security.enrolment = undefined;
    security.recoveryCodes = answer.recovery_codes;
    done = true;
    await loadSecurity();
  });
  return done;
}

export function disableTotp(code: string): Promise<void> {
  return busyWith(async () => {
    const answer = await apiJson<typeof calls.disableTotp>('POST', '/api/admin/security/totp/disable', { code });
    if (!answer.success) return notify(TEXT.totpOffFailed + answer.error);
    notify(TEXT.totpOff);
    await loadSecurity();
  });
}

export function addPasskey(): Promise<void> {
  return busyWith(async () => {
    const options = await apiJson<typeof calls.passkeyRegisterOptions>('POST', '/api/admin/security/passkeys/options');
    if (!options.success) return notify(TEXT.passkeyAddFailed + options.error);
    let credential;
    try {
      credential = await startRegistration({
        optionsJSON: options.options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
    } catch (error) {
      return notify(TEXT.passkeyAddFailed + reason(error));
    }
    const answer = await apiJson<typeof calls.addPasskey>('POST', '/api/admin/security/passkeys', {
      credential: { ...credential },
    });
    if (!answer.success) return notify(TEXT.passkeyAddFailed + answer.error);
    notify(TEXT.passkeyAdded);
    await loadSecurity();
  });
}

export function removePasskey(id: number): Promise<void> {
  if (!confirmAction(TEXT.passkeyRemoveQuestion)) return Promise.resolve();
  return busyWith(async () => {
    const answer = await apiJson<typeof calls.deletePasskey>('DELETE', `/api/admin/security/passkeys/${id}`);
    if (!answer.success) return notify(TEXT.changeFailed + answer.error);
    await loadSecurity();
  });
}

export function renamePasskey(id: number, current: string): Promise<void> {
  const typed = window.prompt(TEXT.passkeyRenameQuestion, current);
  if (typed === null || !typed.trim() || typed.trim() === current) return Promise.resolve();
  return busyWith(async () => {
    const answer = await apiJson<typeof calls.renamePasskey>('PUT', `/api/admin/security/passkeys/${id}`, {
      name: typed.trim(),
    });
    if (!answer.success) return notify(TEXT.changeFailed + answer.error);
    await loadSecurity();
  });
}

export function endSession(id: string): Promise<void> {
  if (!confirmAction(TEXT.sessionEndQuestion)) return Promise.resolve();
  return busyWith(async () => {
    const answer = await apiJson<typeof calls.endSession>('DELETE', `/api/admin/sessions/${id}`);
    if (!answer.success) return notify(TEXT.changeFailed + answer.error);
    await loadSecurity();
  });
}

/** The code step: true when the code opened a session. */
export async function submitCode(code: string): Promise<boolean> {
  signIn.busy = true;
  signIn.error = '';
  try {
    const answer = await apiJson<typeof calls.loginCode>('POST', '/api/admin/login/code', { code });
    if (!answer.success) {
      signIn.error = answer.error || TEXT.codeWrong;
      // The pending sign-in is gone (expired or locked): back to the password.
      if (/password first/.test(answer.error)) signIn.step = 'password';
      return false;
    }
    signIn.step = 'password';
    return true;
  } catch (error) {
    signIn.error = TEXT.codeError + reason(error);
    return false;
  } finally {
    signIn.busy = false;
  }
}

/** Signs in with a passkey (the whole sign-in); true when a session opened. */
export async function passkeySignIn(): Promise<boolean> {
  signIn.busy = true;
  signIn.error = '';
  try {
    const options = await apiJson<typeof calls.passkeyLoginOptions>('POST', '/api/admin/passkey/options');
    if (!options.success) {
      signIn.error = TEXT.passkeySignInFailed + options.error;
      return false;
    }
    let credential;
    try {
      credential = await startAuthentication({
        optionsJSON: options.options as unknown as PublicKeyCredentialRequestOptionsJSON,
      });
    } catch {
      signIn.error = TEXT.passkeyCancelled;
      return false;
    }
    const answer = await apiJson<typeof calls.passkeyLogin>('POST', '/api/admin/passkey/login', {
      credential: { ...credential },
    });
    if (!answer.success) {
      signIn.error = answer.error;
      return false;
    }
    signIn.step = 'password';
    return true;
  } catch (error) {
    signIn.error = TEXT.passkeySignInFailed + reason(error);
    return false;
  } finally {
    signIn.busy = false;
  }
}
