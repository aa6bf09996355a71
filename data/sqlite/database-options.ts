export type DatabaseOptions = {
  dir: string;
  /** Take a snapshot (and trim the journal) after this many journal entries. */
  snapshotEveryEntries?: number;
  /** ... or after this many bytes of journal. */
  snapshotEveryBytes?: number;
  onError?: (message: string, error: unknown) => void;
  /** Called after the last durable state was reloaded from disk (recovery after a failed write). */
  onReload?: () => void;
};

export function withDefaults(options: DatabaseOptions): Required<DatabaseOptions> {
  return {
    snapshotEveryEntries: 5000,
    snapshotEveryBytes: 16 * 1024 * 1024,
    onError: (message, error) => console.error(message, error),
    onReload: () => undefined,
    ...options,
  };
}
