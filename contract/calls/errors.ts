/** The failures many calls share, by the kind of call. */
import { ErrorAnswer } from './schema';

/** Any admin call: no session (401). Reads keep working while storage refuses writes. */
export const ADMIN_READ_ERRORS = { 401: ErrorAnswer } as const;

/** An admin change: also a cross-site request (403) and storage refusing writes (503). */
export const ADMIN_WRITE_ERRORS = { 401: ErrorAnswer, 403: ErrorAnswer, 503: ErrorAnswer } as const;

/** An admin change with a JSON body: also bad fields (400), over 1 MB (413), not JSON (415). */
export const ADMIN_JSON_ERRORS = {
  ...ADMIN_WRITE_ERRORS,
  400: ErrorAnswer,
  413: ErrorAnswer,
  415: ErrorAnswer,
} as const;

/** A public call with a JSON body: bad fields (400), another site (403), over 1 MB (413), not JSON (415), storage refusing writes (503). */
export const PUBLIC_JSON_ERRORS = {
  400: ErrorAnswer,
  403: ErrorAnswer,
  413: ErrorAnswer,
  415: ErrorAnswer,
  503: ErrorAnswer,
} as const;

/** A sign-in step: also a wrong password or code (401) and too many failures (429, with `Retry-After`). */
export const SIGN_IN_ERRORS = { ...PUBLIC_JSON_ERRORS, 401: ErrorAnswer, 429: ErrorAnswer } as const;

/** A call on one row by id: it may not exist. */
export const NOT_FOUND = { 404: ErrorAnswer } as const;
