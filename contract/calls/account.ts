/**
 * "Lisensi Saya": the buyer's own page. A buyer signs in with a one-time link e-mailed to an
 * address the shop knows (docs/spec.md#buyer-account), and then sees and manages only what that
 * address bought. Every id of another buyer's record answers 404.
 */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { NOT_FOUND, PUBLIC_JSON_ERRORS } from './errors';
import { AccountHistoryEntry, AccountLicense, AccountLoopstream, AccountOrder } from './account-records';
import { Answer, ErrorAnswer, ID_PATTERN, IsoDateTime, MessageAnswer, Nullable, OkAnswer, Text } from './schema';
import { EMAIL_PATTERN } from '../rules/addresses';

/** No buyer session (401), another site (403), storage refusing writes (503). */
export const BUYER_READ_ERRORS = { 401: ErrorAnswer } as const;
export const BUYER_WRITE_ERRORS = { 401: ErrorAnswer, 403: ErrorAnswer, 503: ErrorAnswer } as const;
/** Too many: `Retry-After` in seconds, and `error` says how long to wait, in Indonesian. */
export const TOO_MANY = { 429: ErrorAnswer } as const;

export const BuyerEmail = Text({
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  'x-required': 'Email is required',
  'x-invalid': 'Please enter a valid email address',
  description: 'Trimmed; compared without regard to case',
});

export const IdParam = Type.String({ pattern: ID_PATTERN });

export const requestAccountLink = defineCall({
  id: 'requestAccountLink',
  method: 'POST',
  path: '/api/account/link',
  auth: 'public',
  tag: 'Buyer account',
  summary: 'E-mail a one-time sign-in link to a buyer address',
  description:
    'The same 200 answer whether the address bought anything or not; a link is e-mailed only when a licence, LoopStream ' +
    'record or order has the address. The link works once, for 15 minutes. At most 3 requests an hour per address ' +
    '(known or not) and a limit per IP: 429 with `Retry-After`.',
  body: Type.Object({ email: BuyerEmail }),
  answers: { 200: MessageAnswer, ...PUBLIC_JSON_ERRORS, ...TOO_MANY },
});

export const openAccountLink = defineCall({
  id: 'openAccountLink',
  method: 'POST',
  path: '/api/account/session',
  auth: 'public',
  tag: 'Buyer account',
  summary: 'Open an e-mailed link: starts the buyer session (cookie `loop_buyer`); a trial link also issues the trial',
  description:
    'The page /lisensi posts the token from its address (`#token=` or `?token=`), so a mail scanner opening the link changes ' +
    'nothing. A used, expired or unknown token is 400 `This link is no longer valid`. On success the answer sets ' +
    '`loop_buyer` (HttpOnly, SameSite=Lax, Path=/, Secure over https, 30 days idle).',
  body: Type.Object({ token: Text({ maxLength: 200, 'x-required': 'token is required' }) }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      email: Type.String(),
      trial: Nullable(
        Answer({
          issued: Type.Boolean(),
          license_id: Nullable(Type.Integer()),
          message: Type.String({ description: 'Indonesian: the trial was issued, or why not' }),
        }),
      ),
    }),
    ...PUBLIC_JSON_ERRORS,
    ...TOO_MANY,
  },
});

export const checkAccountSession = defineCall({
  id: 'checkAccountSession',
  method: 'GET',
  path: '/api/account/check',
  auth: 'public',
  tag: 'Buyer account',
  summary: 'Whether the request carries a live buyer session',
  answers: { 200: Answer({ success: Type.Literal(true), signed_in: Type.Boolean(), email: Nullable(Type.String()) }) },
});

export const getAccount = defineCall({
  id: 'getAccount',
  method: 'GET',
  path: '/api/account',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: "Everything the signed-in buyer's address owns: licences, LoopStream access, orders",
  answers: {
    200: Answer({
      success: Type.Literal(true),
      email: Type.String(),
      licenses: Type.Array(AccountLicense),
      loopstreams: Type.Array(AccountLoopstream),
      orders: Type.Array(AccountOrder),
      support_whatsapp_url: Nullable(Type.String()),
      download_url: Nullable(
        Type.String({
          description:
            'The LoopBOT download link (Settings `loopbot_download_url`); null while unset: the page links to /tutorial#instal',
        }),
      ),
    }),
    ...BUYER_READ_ERRORS,
  },
});

export const accountLicenseHistory = defineCall({
  id: 'accountLicenseHistory',
  method: 'GET',
  path: '/api/account/licenses/{id}/history',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: "A licence's history in plain Indonesian, newest first",
  answers: {
    200: Answer({ success: Type.Literal(true), history: Type.Array(AccountHistoryEntry) }),
    ...BUYER_READ_ERRORS,
    ...NOT_FOUND,
  },
});

export const revealAccountLicense = defineCall({
  id: 'revealAccountLicense',
  method: 'POST',
  path: '/api/account/licenses/{id}/reveal',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: 'The full licence key',
  answers: {
    200: Answer({ success: Type.Literal(true), license_key: Type.String() }),
    ...BUYER_WRITE_ERRORS,
    ...NOT_FOUND,
  },
});

export const releaseAccountDevice = defineCall({
  id: 'releaseAccountDevice',
  method: 'POST',
  path: '/api/account/licenses/{id}/release',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: 'Lepas perangkat: release the bound device so the key can be activated on another computer',
  description:
    'Counts against the move limit (LICENSE_MAX_MOVES per 30 days) like an activation on a new device; at the limit 429 ' +
    'with `Retry-After` and `next_move_at`. 409 when no device is bound. The old computer loses its lease at its next validate.',
  answers: {
    200: Answer({ success: Type.Literal(true), message: Type.String(), license: AccountLicense }),
    409: ErrorAnswer,
    429: Answer({ success: Type.Literal(false), error: Type.String(), next_move_at: IsoDateTime }),
    ...BUYER_WRITE_ERRORS,
    ...NOT_FOUND,
  },
});

export const emailAccountLicense = defineCall({
  id: 'emailAccountLicense',
  method: 'POST',
  path: '/api/account/licenses/{id}/email',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: 'Send the licence e-mail again to the buyer address (3 a day per licence, then 429)',
  answers: { 200: MessageAnswer, ...BUYER_WRITE_ERRORS, ...NOT_FOUND, ...TOO_MANY },
});

export const downloadAccountLicense = defineCall({
  id: 'downloadAccountLicense',
  method: 'GET',
  path: '/api/account/licenses/{id}/download',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: 'The licence .txt, as e-mailed',
  answers: { 200: { file: 'text/plain', description: 'The licence message' }, ...BUYER_READ_ERRORS, ...NOT_FOUND },
});

export const downloadAccountLoopstream = defineCall({
  id: 'downloadAccountLoopstream',
  method: 'GET',
  path: '/api/account/loopstreams/{id}/download',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: 'The LoopStream access file',
  description:
    '409 (in Indonesian) until the owner sets the default LoopStream login in Settings: the file would carry none ' +
    '(`access_file_ready` on the record says so beforehand).',
  answers: {
    200: { file: 'text/plain', description: 'The access file' },
    409: ErrorAnswer,
    ...BUYER_READ_ERRORS,
    ...NOT_FOUND,
  },
});

export const accountLogout = defineCall({
  id: 'accountLogout',
  method: 'POST',
  path: '/api/account/logout',
  auth: 'public',
  tag: 'Buyer account',
  summary: 'Sign out this browser (clears `loop_buyer`); succeeds without a session too',
  answers: { 200: OkAnswer, 403: ErrorAnswer, 503: ErrorAnswer },
});

export const accountLogoutAll = defineCall({
  id: 'accountLogoutAll',
  method: 'POST',
  path: '/api/account/logout-all',
  auth: 'buyer',
  tag: 'Buyer account',
  summary: "End every session of the buyer's address, on every device and instance",
  answers: { 200: MessageAnswer, ...BUYER_WRITE_ERRORS },
});
