/** Any error with a status is answered as `{success:false, error}` with that status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
    /** What went wrong underneath, for the log (never in the answer). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}
