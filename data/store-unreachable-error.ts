/** The database server named by DATABASE_URL did not answer at start: the operator fixes the address or starts it. */
export class StoreUnreachableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(
      `Cannot reach PostgreSQL at DATABASE_URL: ${reason}. Check that it is running and that DATABASE_URL names it.`,
      options,
    );
  }
}
