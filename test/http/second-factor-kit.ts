/** Helpers of the second-factor tests: codes computed from the enrolled secret, the two sign-in steps. */
import { Secret, TOTP } from 'otpauth';
import { ADMIN, call } from '../harness';
import type { ApiAnswer, CallOptions } from '../harness';

/** The app's code for `secret` at `at` (ms), `steps` 30-second steps later. */
export function codeAt(secret: string, at: number, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at + steps * 30_000,
  });
}

/** A code the app refuses at `at`: none of the codes of the steps around it (±2, wider than the app's window). */
export function wrongCodeAt(secret: string, at: number): string {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, at, steps)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

export const cookieOf = (answer: ApiAnswer, name: string): string | undefined =>
  answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

/** Turns TOTP on for the signed-in admin; the secret and the recovery codes. */
export async function enrol(
  base: string,
  cookie: string,
  at: () => number,
  options: CallOptions = {},
): Promise<{ secret: string; codes: string[] }> {
  const started = await call(base, 'POST', '/api/admin/security/totp/start', { ...options, cookie });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${started.text}`);
  const secret = String(started.json.secret);
  const confirmed = await call(base, 'POST', '/api/admin/security/totp/confirm', {
    ...options,
    cookie,
    body: { code: codeAt(secret, at()) },
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return { secret, codes: confirmed.json.recovery_codes as string[] };
}

/** The password step: its answer and the pending cookie it set. */
export async function passwordStep(
  base: string,
  options: CallOptions = {},
): Promise<{ answer: ApiAnswer; pending: string }> {
  const answer = await call(base, 'POST', '/api/admin/login', { ...options, body: ADMIN });
  return { answer, pending: cookieOf(answer, 'loop_pending') ?? '' };
}

export function codeStep(base: string, pending: string, code: string, options: CallOptions = {}): Promise<ApiAnswer> {
  return call(base, 'POST', '/api/admin/login/code', { ...options, cookie: pending, body: { code } });
}
