/** The admin's session: one user, a cookie set by login (docs/spec.md#admin-session). */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { SIGN_IN_ERRORS } from './errors';
import { Answer, ErrorAnswer, OkAnswer } from './schema';

const REQUIRED = 'Username and password are required';

export const checkSession = defineCall({
  id: 'checkAdminSession',
  method: 'GET',
  path: '/api/admin/check',
  auth: 'public',
  tag: 'Admin session',
  summary: 'Whether the request carries a live admin session',
  description: 'Never fails for want of a session: without one it answers `logged_in: false`.',
  answers: { 200: Answer({ success: Type.Literal(true), logged_in: Type.Boolean() }) },
});

export const login = defineCall({
  id: 'adminLogin',
  method: 'POST',
  path: '/api/admin/login',
  auth: 'public',
  tag: 'Admin session',
  summary: 'Sign in; sets the session cookie',
  description:
    'With a second factor on, the right password answers `second_factor: "required"` and a 5-minute `loop_pending` cookie instead. ' +
    'On success the answer sets `loop_session` (HttpOnly, SameSite=Strict, Path=/, Secure over https), a fresh token ' +
    'whatever cookie was sent. A wrong user name and a wrong password get the same 401, whose `error` starts with ' +
    '`Invalid username or password`; from the 3rd failure on (or when at most 2 tries remain) it goes on to say how many ' +
    'tries are left (`Invalid username or password. 2 tries left before sign-in is locked for up to 15 minutes.`). After `LOGIN_MAX_FAILURES` ' +
    'failures (default 5) within 15 minutes an IP gets 429 with `Retry-After`, even with the right password. ' +
    'Refused cross-site (Origin of another host, or `Sec-Fetch-Site: cross-site`) once the fields are present.',
  body: Type.Object({
    username: Type.String({
      'x-trim': true,
      'x-required': REQUIRED,
      'x-type': REQUIRED,
      description: 'Trimmed; only its first 200 characters are compared',
    }),
    password: Type.String({
      'x-required': REQUIRED,
      'x-type': REQUIRED,
      description: 'As typed; only its first 1000 characters are compared',
    }),
  }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      second_factor: Type.Optional(
        Type.Literal('required', {
          description:
            'The password was right and a second factor is on: no session yet; send the code to `POST /api/admin/login/code`',
        }),
      ),
    }),
    ...SIGN_IN_ERRORS,
  },
});

export const logout = defineCall({
  id: 'adminLogout',
  method: 'POST',
  path: '/api/admin/logout',
  auth: 'public',
  tag: 'Admin session',
  summary: 'End the session; clears the cookie',
  description:
    'Without a session it still answers success. No body is read. Refused cross-site, like every admin change.',
  answers: { 200: OkAnswer, 403: ErrorAnswer, 503: ErrorAnswer },
});
