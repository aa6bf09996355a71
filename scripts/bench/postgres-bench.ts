/**
 * The PostgreSQL side of `npm run bench -- http` with DATABASE_URL: the bench seeds 100,000
 * licences into that database, so it must start empty (never point it at a shop's database),
 * and it is emptied again afterwards.
 */
import { nonEmptyTables } from '../../data/postgres/copy-from-sqlite';
import { PostgresStore } from '../../data/postgres/postgres-store';

export async function requireEmptyDatabase(databaseUrl: string): Promise<void> {
  const store = await PostgresStore.open({ url: databaseUrl, maxConnections: 1 });
  try {
    const full = await nonEmptyTables(store);
    if (full.length > 0)
      throw new Error(
        `DATABASE_URL must name an empty database for the bench (rows in ${full.join(', ')}): createdb loop_bench`,
      );
  } finally {
    await store.close();
  }
}

/** Drops what the bench made (every table of schema public). */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  const store = await PostgresStore.open({ url: databaseUrl, maxConnections: 1 });
  try {
    await store.run('DROP SCHEMA public CASCADE');
    await store.run('CREATE SCHEMA public');
  } finally {
    await store.close();
  }
}
