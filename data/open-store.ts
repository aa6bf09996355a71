import { migratePostgres } from './postgres/migrate';
import { PostgresStore } from './postgres/postgres-store';
import { migrate } from './sqlite/migrations';
import { SqliteStore } from './sqlite/sqlite-store';
import type { Store } from './store';

export type StoreOptions = {
  /** `postgres://...` selects PostgreSQL; unset keeps the embedded store in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  snapshotEveryEntries?: number;
  onError: (message: string, error: unknown) => void;
  onInfo: (message: string) => void;
};

/** Opens the configured store and brings its schema up to date; the one place that picks an engine. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const store = await PostgresStore.open({ url: options.databaseUrl, onError: options.onError });
    try {
      await migratePostgres(store.pool);
    } catch (error) {
      await store.close().catch(() => undefined);
      throw error;
    }
    return store;
  }
  const store = await SqliteStore.open({
    dir: options.dataDir,
    snapshotEveryEntries: options.snapshotEveryEntries,
    onError: options.onError,
  });
  try {
    await migrate(store.database);
    if (await store.database.compactIfSparse()) options.onInfo('storage: free pages given back (database compacted)');
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}
