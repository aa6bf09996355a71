import type { Sql } from './store';

/** The stored secret, or undefined when none is stored under `name`. */
export async function readSecret(db: Sql, name: string): Promise<string | undefined> {
  return (await db.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [name]))?.value;
}

/**
 * Secrets every instance must share when several use one database (the licence signing key):
 * stored once by whichever instance starts first; the others read that one.
 */
export async function sharedSecret(
  db: Sql,
  name: string,
  create: () => string,
  at: string,
): Promise<{ value: string; created: boolean }> {
  const existing = await db.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [name]);
  if (existing) return { value: existing.value, created: false };
  const value = create();
  const { changes } = await db.run(
    'INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
    [name, value, at],
  );
  if (changes === 1) return { value, created: true };
  // Another instance stored its own a moment before: that one is everybody's.
  const stored = await db.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [name]);
  return { value: stored!.value, created: false };
}

/**
 * A secret of the PostgreSQL store at a DATABASE_URL, read without opening the store (which would
 * run the migrations): `npm run restore` reads the key of a database it is about to replace.
 */
export { readStoredSecret } from './postgres/stored-secret';
