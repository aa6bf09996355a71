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

/** A call on one row by id: it may not exist. */
export const NOT_FOUND = { 404: ErrorAnswer } as const;
