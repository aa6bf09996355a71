/**
 * What the admin's sign-in needs beyond a request: the failed-login limit (per IP, counted
 * across instances when the store is shared), the per-account backoffs on passwords and codes,
 * one attempt at a time per IP, and the sweep of ended sessions.
 */
import { countAdmins, createAdmin } from '../../data/admins';
import { deleteExpiredChallenges } from '../../data/auth-challenges';
import { deleteExpiredSessions } from '../../data/sessions';
import { KeyedQueue } from '../shared/keyed-queue';
import type { Limiter, LimiterFactory } from '../shared/limiter';
import type { ServerConfig } from '../config';
import type { CoreContext } from '../core-context';
import { HttpError } from '../http/http-error';
import { AccountBackoff } from './account-backoff';
import { generatePassword, hashPassword } from './passwords';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../contract/rules/durations';

/** The failed-login window, and so the longest a locked sign-in waits; the refusals name it in minutes. */
export const LOGIN_WINDOW_MINUTES = 15;
const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * MINUTE_MS;
const SWEEP_EVERY_MS = HOUR_MS;
const FAILURE_ENTRY_MS = 60 * 1000;
const UNLOGGED_KEPT_MS = DAY_MS;
/** Two IPs' worth of wrong codes: one person mistyping never meets it. */
const CODE_MAX_FAILURES = 10;
/** Four IPs' worth of wrong passwords for one account: guesses from many addresses stop here. */
const PASSWORD_MAX_FAILURES = 20;
/** Far above what a person signing in needs; a script asking for challenges stops here. */
const CHALLENGES_PER_WINDOW = 60;

export type AdminSessions = {
  /** Failed logins per IP within 15 minutes. */
  failures: Limiter;
  /** Second-factor codes per admin within 15 minutes, whatever IP they come from, with escalating locks. */
  codeGuesses: AccountBackoff;
  /** Passwords per typed username within 15 minutes, whatever IP they come from, with escalating locks. */
  passwordGuesses: AccountBackoff;
  /** Passkey sign-in challenges handed out per IP within 15 minutes: each is a row until it expires. */
  challenges: Limiter;
  /** The activity log's failed sign-ins per IP: one entry a minute at most. */
  failureEntries: Limiter;
  /** Failed sign-ins per IP left out of the log since its last entry (the next entry counts them). */
  unloggedFailures: Limiter;
  /** One login attempt at a time per IP. */
  queue: KeyedQueue;
  /** Checked when the user is unknown, so timing does not tell which user names exist. */
  dummyHash: Promise<string>;
};

/** The admin's 429: the wait in whole minutes for people, in seconds for Retry-After. */
export function tooManyTries(what: string, wait: number): HttpError {
  return new HttpError(429, `${what}. Try again in ${Math.ceil(wait / 60)} minutes.`, { 'Retry-After': String(wait) });
}

export function setupAdminSessions(ctx: CoreContext, limiters: LimiterFactory): AdminSessions {
  const idleMs = ctx.config.sessionIdleHours * HOUR_MS;
  const sweep = setInterval(() => {
    void ctx.db
      .exclusive('session-sweep', async () => {
        await deleteExpiredSessions(ctx.db, ctx.now().getTime(), idleMs);
        await deleteExpiredChallenges(ctx.db, ctx.now().getTime());
      })
      .catch(() => undefined);
  }, SWEEP_EVERY_MS);
  sweep.unref();
  ctx.onClose(() => clearInterval(sweep));
  return {
    failures: limiters('login-failures', ctx.config.loginMaxFailures, LOGIN_WINDOW_MS),
    codeGuesses: new AccountBackoff(limiters, 'code-guesses', CODE_MAX_FAILURES, LOGIN_WINDOW_MS),
    passwordGuesses: new AccountBackoff(limiters, 'password-guesses', PASSWORD_MAX_FAILURES, LOGIN_WINDOW_MS),
    challenges: limiters('passkey-challenges', CHALLENGES_PER_WINDOW, LOGIN_WINDOW_MS),
    failureEntries: limiters('sign-in-failure-entries', 1, FAILURE_ENTRY_MS),
    unloggedFailures: limiters('sign-in-failures-unlogged', Number.MAX_SAFE_INTEGER, UNLOGGED_KEPT_MS),
    queue: new KeyedQueue(),
    dummyHash: hashPassword(generatePassword()),
  };
}

/** Creates the one admin on first start; prints a generated password once when none is configured. */
export async function ensureAdmin(ctx: Pick<CoreContext, 'db' | 'now'> & { config: ServerConfig }): Promise<void> {
  if ((await countAdmins(ctx.db)) > 0) return;
  const password = ctx.config.adminPassword ?? generatePassword();
  await createAdmin(ctx.db, ctx.config.adminUsername, await hashPassword(password), ctx.now().toISOString());
  if (!ctx.config.adminPassword && (await countAdmins(ctx.db)) > 0) {
    console.log(
      `\n  Admin account created: username "${ctx.config.adminUsername}", password "${password}"\n` +
        '  It is shown only this once. Change it any time with: npm run admin:password\n',
    );
  }
}
