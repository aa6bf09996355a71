/**
 * The owner's second factor and sessions: the code step of the sign-in, TOTP set-up with recovery
 * codes, passkeys (WebAuthn) and the list of signed-in sessions.
 */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND, SIGN_IN_ERRORS } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OkAnswer, Text } from './schema';

const TAG = 'Admin security';
const CODE_REQUIRED = 'Enter the code from your authenticator app';
/** A code as typed: 6 digits from the app, or a recovery code (spaces and dashes ignored). */
const Code = Text({ 'x-required': CODE_REQUIRED, 'x-type': CODE_REQUIRED, maxLength: 64 });
/** What the browser's WebAuthn call returned, as @simplewebauthn/browser encodes it. */
const Credential = Type.Object({ id: Type.String({ maxLength: 1024 }) }, { additionalProperties: true });

export const loginCode = defineCall({
  id: 'adminLoginCode',
  method: 'POST',
  path: '/api/admin/login/code',
  auth: 'public',
  tag: TAG,
  summary: "Sign-in's second step: a code from the authenticator app or a recovery code; sets the session cookie",
  description:
    'Only after `POST /api/admin/login` answered `second_factor: "required"` (its `loop_pending` cookie lives 5 minutes). ' +
    'A code is accepted once (the same or an earlier 30-second step is refused) and a recovery code once. Wrong codes count ' +
    'toward the same failed-login limit as wrong passwords (429 with `Retry-After`), on every instance; every code counts ' +
    'toward 10 per 15 minutes for the account, and each time that fills the step is locked longer (15 minutes, doubled up to 4 hours).',
  body: Type.Object({ code: Code }),
  answers: { 200: OkAnswer, ...SIGN_IN_ERRORS },
});

export const passkeyLoginOptions = defineCall({
  id: 'adminPasskeyLoginOptions',
  method: 'POST',
  path: '/api/admin/passkey/options',
  auth: 'public',
  tag: TAG,
  summary: 'Start signing in with a passkey: WebAuthn request options with a fresh challenge (5 minutes, single use)',
  answers: {
    200: Answer({ success: Type.Literal(true), options: Type.Object({}, { additionalProperties: true }) }),
    400: ErrorAnswer,
    403: ErrorAnswer,
    429: ErrorAnswer,
    503: ErrorAnswer,
  },
});

export const passkeyLogin = defineCall({
  id: 'adminPasskeyLogin',
  method: 'POST',
  path: '/api/admin/passkey/login',
  auth: 'public',
  tag: TAG,
  summary:
    'Sign in with a passkey (the whole sign-in: the passkey is possession plus the device lock); sets the session cookie',
  body: Type.Object({ credential: Credential }),
  answers: { 200: OkAnswer, ...SIGN_IN_ERRORS },
});

const Passkey = Answer({
  id: Type.Integer(),
  name: Type.String({ description: "The owner's name for it; empty until one is given" }),
  created_at: IsoDateTime,
  last_used_at: Nullable(IsoDateTime),
});
const PASSKEY_NAME_REQUIRED = 'Enter a name for the passkey';
const AdminSession = Answer({
  id: Type.String(),
  device: Type.String({ description: 'Browser and system read from the User-Agent' }),
  user_agent: Type.String(),
  ip: Type.String(),
  created_at: IsoDateTime,
  last_seen_at: IsoDateTime,
  current: Type.Boolean({ description: 'The session this request came with' }),
});

export const getSecurity = defineCall({
  id: 'getAdminSecurity',
  method: 'GET',
  path: '/api/admin/security',
  auth: 'admin',
  tag: TAG,
  summary: 'The second factor, passkeys and signed-in sessions',
  answers: {
    200: Answer({
      success: Type.Literal(true),
      totp_enabled: Type.Boolean(),
      recovery_codes_left: Type.Integer(),
      passkeys: Type.Array(Passkey),
      sessions: Type.Array(AdminSession),
      code_guessing: Nullable(
        Answer(
          {
            lockouts: Type.Integer({
              description: 'Times 10 wrong codes within 15 minutes locked the code step, in the day since the first',
            }),
            locked_for_seconds: Type.Integer({ description: 'How long the code step stays locked (0: not now)' }),
          },
          {
            description:
              'Set while second-factor codes are being guessed (someone has the password): the dashboard counts it under Needs Attention',
          },
        ),
      ),
    }),
    ...ADMIN_READ_ERRORS,
  },
});

export const startTotp = defineCall({
  id: 'startAdminTotp',
  method: 'POST',
  path: '/api/admin/security/totp/start',
  auth: 'admin',
  tag: TAG,
  summary: 'A new authenticator secret to scan (QR code as SVG) or type; on only once confirmed with a code',
  answers: {
    200: Answer({
      success: Type.Literal(true),
      secret: Type.String(),
      otpauth_url: Type.String(),
      qr_svg: Type.String(),
    }),
    409: ErrorAnswer,
    ...ADMIN_WRITE_ERRORS,
  },
});

export const confirmTotp = defineCall({
  id: 'confirmAdminTotp',
  method: 'POST',
  path: '/api/admin/security/totp/confirm',
  auth: 'admin',
  tag: TAG,
  summary: 'Turn the second factor on with a code of the new secret; answers ten recovery codes, shown only this once',
  body: Type.Object({ code: Code }),
  answers: {
    200: Answer({ success: Type.Literal(true), recovery_codes: Type.Array(Type.String()) }),
    409: ErrorAnswer,
    ...ADMIN_JSON_ERRORS,
  },
});

export const disableTotp = defineCall({
  id: 'disableAdminTotp',
  method: 'POST',
  path: '/api/admin/security/totp/disable',
  auth: 'admin',
  tag: TAG,
  summary: 'Turn the second factor off, with a current code or a recovery code; recovery codes go with it',
  body: Type.Object({ code: Code }),
  answers: { 200: OkAnswer, 409: ErrorAnswer, 429: ErrorAnswer, ...ADMIN_JSON_ERRORS },
});

export const passkeyRegisterOptions = defineCall({
  id: 'adminPasskeyRegisterOptions',
  method: 'POST',
  path: '/api/admin/security/passkeys/options',
  auth: 'admin',
  tag: TAG,
  summary: 'Start adding a passkey: WebAuthn creation options with a fresh challenge (5 minutes, single use)',
  answers: {
    200: Answer({ success: Type.Literal(true), options: Type.Object({}, { additionalProperties: true }) }),
    400: ErrorAnswer,
    ...ADMIN_WRITE_ERRORS,
  },
});

export const addPasskey = defineCall({
  id: 'addAdminPasskey',
  method: 'POST',
  path: '/api/admin/security/passkeys',
  auth: 'admin',
  tag: TAG,
  summary: "Add a passkey: the authenticator's answer to the creation options",
  body: Type.Object({ credential: Credential }),
  answers: { 200: OkAnswer, ...ADMIN_JSON_ERRORS },
});

export const deletePasskey = defineCall({
  id: 'deleteAdminPasskey',
  method: 'DELETE',
  path: '/api/admin/security/passkeys/{id}',
  auth: 'admin',
  tag: TAG,
  summary: 'Remove a passkey',
  answers: { 200: OkAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});

export const renamePasskey = defineCall({
  id: 'renameAdminPasskey',
  method: 'PUT',
  path: '/api/admin/security/passkeys/{id}',
  auth: 'admin',
  tag: TAG,
  summary: 'Name a passkey (e.g. "Laptop" or "Phone"), so the list tells them apart',
  body: Type.Object({
    name: Text({ 'x-required': PASSKEY_NAME_REQUIRED, 'x-type': PASSKEY_NAME_REQUIRED, minLength: 1, maxLength: 60 }),
  }),
  answers: { 200: OkAnswer, ...ADMIN_JSON_ERRORS, ...NOT_FOUND },
});

export const endSession = defineCall({
  id: 'endAdminSession',
  method: 'DELETE',
  path: '/api/admin/sessions/{id}',
  auth: 'admin',
  tag: TAG,
  summary: 'End one signed-in session (its device is signed out at its next call)',
  answers: { 200: OkAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});
