/** The database was written by a newer build: refusing to start beats misreading it. */
export class NewerSchemaError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database has schema v${found}, newer than this build knows (v${known}). Run the newer build, or restore a backup made by this one.`,
    );
  }
}
