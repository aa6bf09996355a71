import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';

/** Opens the store (DATABASE_URL, else the journal in DATA_DIR), runs `work` on it and closes it. */
export async function withStore(dataDir: string, work: (db: Store) => Promise<void>): Promise<void> {
  const db = await openStore({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    onError: (message, error) => console.error(message, error),
    onInfo: () => undefined,
  });
  try {
    await work(db);
  } finally {
    await db.close();
  }
}
