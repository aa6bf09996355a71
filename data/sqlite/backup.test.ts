import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeDataDir } from '../../test/harness';
import { backupDatabase, restoreDatabase } from './backup';
import { Database } from './database';
import { migrate } from './migrations';

const INSERT = 'INSERT INTO configs (config_key, config_value, created_at, updated_at) VALUES (?, ?, ?, ?)';

test('online backup while writes continue, then restore: every acknowledged row is there', async () => {
  const dir = await makeDataDir();
  const restoreDir = await makeDataDir();
  const backupFile = join(await makeDataDir(), 'backup.sqlite');
  // Frequent snapshots so the backup races with journal rotation.
  const db = await Database.open({ dir, snapshotEveryEntries: 25 });
  try {
    await migrate(db);
    const acknowledged: string[] = [];
    const write = async (key: string): Promise<void> => {
      await db.transaction(() => db.prepare(INSERT).run(key, 'v', 'n', 'n'));
      acknowledged.push(key);
    };
    for (let index = 0; index < 100; index++) await write(`before_${index}`);
    const beforeBackup = acknowledged.length;
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing && index < 2000; index++) await write(`during_${index}`);
    })();
    const { seq } = await backupDatabase(dir, backupFile);
    const ackedAtBackup = acknowledged.length;
    writing = false;
    await writer;
    assert.ok(seq >= beforeBackup, 'the backup holds at least the writes acknowledged before it started');

    await restoreDatabase(backupFile, restoreDir);
    const restored = await Database.open({ dir: restoreDir });
    try {
      const keys = new Set(
        restored
          .prepare('SELECT config_key FROM configs')
          .all<{ config_key: string }>()
          .map((row) => row.config_key),
      );
      for (const key of acknowledged.slice(0, ackedAtBackup > beforeBackup ? beforeBackup : ackedAtBackup)) {
        assert.ok(keys.has(key), `${key} restored`);
      }
      assert.is(restored.prepare('PRAGMA integrity_check').get<{ integrity_check: string }>()?.integrity_check, 'ok');
      // The restored database keeps working: migrations are already applied, writes go on.
      await migrate(restored);
      await restored.transaction(() => restored.prepare(INSERT).run('after_restore', 'v', 'n', 'n'));
    } finally {
      await restored.close();
    }
  } finally {
    await db.close();
    await Promise.all([dir, restoreDir].map((path) => rm(path, { recursive: true, force: true })));
  }
});

test('restore refuses a file that is not a database and leaves the directory as it was', async () => {
  const dir = await makeDataDir();
  const bogus = join(dir, 'bogus.sqlite');
  const { writeFile, readdir } = await import('node:fs/promises');
  await writeFile(bogus, 'not a database');
  const before = (await readdir(dir)).sort();
  try {
    await restoreDatabase(bogus, dir);
    assert.unreachable('restore should fail');
  } catch (error) {
    assert.match((error as Error).message, /not a usable backup/);
  }
  assert.equal((await readdir(dir)).sort(), before);
  await rm(dir, { recursive: true, force: true });
});

test.run();
