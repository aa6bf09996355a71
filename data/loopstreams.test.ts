import { rm } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeDataDir } from '../test/harness';
import { SqliteStore } from './sqlite/sqlite-store';
import { createLoopstream, deleteLoopstream, findLoopstream, listLoopstreams } from './loopstreams';
import { migrate } from './sqlite/migrations';

test('create, find, list newest first, delete', async () => {
  const dir = await makeDataDir();
  const db = await SqliteStore.open({ dir });
  try {
    await migrate(db.database);
    const input = {
      package_type: 'Paket 1' as const,
      customer_name: 'Budi',
      ip_server: '203.0.113.7:5000',
      expired_date: '2026-12-31T00:00:00.000Z',
    };
    const first = await createLoopstream(db, input, '2026-06-01T00:00:00.000Z');
    const second = await createLoopstream(
      db,
      { ...input, package_type: 'Paket 2', customer_name: 'Siti' },
      '2026-06-02T00:00:00.000Z',
    );
    assert.equal(first, {
      id: first.id,
      ...input,
      created_at: '2026-06-01T00:00:00.000Z',
      buyer_email: null,
      order_id: null,
    });
    assert.equal(
      (await listLoopstreams(db)).map((row) => row.customer_name),
      ['Siti', 'Budi'],
    );
    assert.equal(await findLoopstream(db, second.id), second);
    assert.is(await deleteLoopstream(db, first.id), true);
    assert.is(await deleteLoopstream(db, first.id), false);
    assert.is(await findLoopstream(db, first.id), undefined);
    assert.is((await listLoopstreams(db)).length, 1);
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
