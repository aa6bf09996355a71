/**
 * A secret stored in a PostgreSQL database (server_secrets) read without opening the store, which
 * would run the migrations: restore reads the key of a database it is about to replace, and the
 * database may be empty (undefined then).
 */
import pg from 'pg';

export async function readStoredSecret(databaseUrl: string, name: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
    return rows[0]?.value;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return undefined; // no such table: an empty database
    throw error;
  } finally {
    await client.end();
  }
}
