/**
 * A bench's work on each store in turn: the embedded store (sql.js, in a scratch folder) and
 * PostgreSQL (a throwaway cluster), both fresh and migrated, closed and removed afterwards.
 * Answers true when the work met its target on both.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../data/open-store';
import type { Store } from '../../data/store';
import { startPostgresCluster } from '../../test/postgres-cluster';

export async function onBothStores(
  name: string,
  work: (label: string, db: Store) => Promise<boolean>,
): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), `${name}-`));
  const cluster = await startPostgresCluster();
  const quiet = { onError: () => undefined, onInfo: () => undefined };
  let met = true;
  try {
    const stores: Array<[string, () => Promise<Store>]> = [
      [
        'embedded store (sql.js)',
        () =>
          openStore({ databaseUrl: undefined, dataDir: dir, snapshotEveryEntries: Number.MAX_SAFE_INTEGER, ...quiet }),
      ],
      [
        'PostgreSQL',
        async () => openStore({ databaseUrl: await cluster.createDatabase(name), dataDir: dir, ...quiet }),
      ],
    ];
    for (const [label, open] of stores) {
      const db = await open();
      try {
        met = (await work(label, db)) && met;
      } finally {
        await db.close();
      }
    }
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return met;
}
