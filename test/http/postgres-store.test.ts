// store: postgres only (the PostgreSQL store on its own: statements, transactions, upkeep)
/** What the PostgreSQL store adds under the Store interface, checked on a database of its own. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migratePostgres } from '../../data/postgres/migrate';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { hitRateCounter, pruneRateCounters } from '../../data/rate-counters';
import { TEST_POSTGRES_URL } from '../harness';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';

let url = '';
let db: PostgresStore;
test.before(async () => {
  url = await createTestDatabase(TEST_POSTGRES_URL!);
  db = await PostgresStore.open({ url, maxConnections: 3 });
  await migratePostgres(db.pool);
});
test.after(async () => {
  await db.close();
  await dropTestDatabase(TEST_POSTGRES_URL!, url);
});

const INSERT =
  "INSERT INTO configs (config_key, config_value, created_at, updated_at) VALUES (?, ?, '', '') RETURNING id";

test('a text holding U+0000 is stored as U+FFFD and matches nothing else', async () => {
  const row = await db.get<{ id: number }>(INSERT, ['nul\0key', 'a\0b']);
  assert.equal(await db.get('SELECT config_key, config_value FROM configs WHERE id = ?', [row!.id]), {
    config_key: 'nul\uFFFDkey',
    config_value: 'a\uFFFDb',
  });
  assert.is(await db.get('SELECT id FROM configs WHERE config_key = ?', ['nul']), undefined);
});

test('a kept statement still runs after another instance changed its table (alone and in a transaction)', async () => {
  const read = 'SELECT * FROM configs WHERE config_key = ?';
  const { id } = (await db.get<{ id: number }>(INSERT, ['plan', 'v']))!;
  for (let round = 0; round < 3; round++) await db.get(read, ['plan']);
  const other = await PostgresStore.open({ url, maxConnections: 1 });
  await other.run('ALTER TABLE configs ADD COLUMN note_h7 TEXT');
  await other.close();
  // Every pooled connection has the statement kept: each must cope once.
  const rows = await Promise.all([1, 2, 3].map(() => db.get<{ id: number; note_h7: null }>(read, ['plan'])));
  assert.equal(
    rows.map((row) => [row?.id, row?.note_h7]),
    [
      [id, null],
      [id, null],
      [id, null],
    ],
  );
  const inTransaction = await db.transaction(async (tx) =>
    tx.get<{ id: number }>('SELECT * FROM configs WHERE id = ?', [id]),
  );
  assert.is(inTransaction?.id, id);
  await db.run('ALTER TABLE configs DROP COLUMN note_h7');
});

test('telemetry transactions commit; ended rate-limit windows are pruned', async () => {
  await db.transaction((tx) => tx.run("UPDATE configs SET updated_at = 'seen' WHERE config_key = 'plan'"), {
    telemetry: true,
  });
  assert.is(
    (await db.get<{ updated_at: string }>("SELECT updated_at FROM configs WHERE config_key = 'plan'"))?.updated_at,
    'seen',
  );
  await hitRateCounter(db, 'old', 1_000, 60_000);
  await hitRateCounter(db, 'new', Date.now(), 60_000);
  assert.is(await pruneRateCounters(db, Date.now() - 24 * 3600 * 1000), 1);
  assert.equal(await db.all('SELECT key FROM rate_counters'), [{ key: 'new' }]);
});

test.run();
