/** Another live process holds the embedded store's data directory: the journal has one writer only. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`${dir} is in use by process ${pid} (the server is running). Stop it first, then try again.`);
  }
}
