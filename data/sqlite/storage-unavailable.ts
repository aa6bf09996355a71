/** A write was refused because the data directory cannot take it (disk full, read-only...). */
export class StorageUnavailableError extends Error {
  readonly status = 503;
  constructor(cause?: unknown) {
    super('Storage unavailable: changes cannot be saved right now, please try again later');
    this.cause = cause;
  }
}
