import type pg from 'pg';
import { NewerSchemaError } from '../newer-schema-error';
import { POSTGRES_MIGRATIONS } from './migrations';

/** Any fixed number: instances starting together migrate one after the other. */
const MIGRATION_LOCK = 7_160_401;

/**
 * Applies the missing migrations in one transaction (PostgreSQL's DDL is transactional: a failed
 * migration leaves the schema as it was), each recorded in `schema_migrations`. Refuses a
 * database whose schema is newer than this build knows.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly string[] = POSTGRES_MIGRATIONS,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const current = Number(
      (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0]?.v ?? 0,
    );
    if (current > migrations.length) throw new NewerSchemaError(current, migrations.length);
    for (let version = current + 1; version <= migrations.length; version++) {
      await client.query(migrations[version - 1]!);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [
        version,
        new Date().toISOString(),
      ]);
    }
    await client.query('COMMIT');
    return migrations.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
