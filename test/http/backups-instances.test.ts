// store: postgres only (two instances of the built server on one PostgreSQL database, one BACKUP_DIR)
/**
 * Two instances with the same schedule make one backup per interval between them: every backup
 * is at least an interval after the one before (each instance alone would make its own), each
 * is proved, and both instances answer the same state.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BackupState } from '../../contract/calls/backups';
import { waitFor } from './backup-helpers';
import { on, twoInstances } from './multi-instance-helpers';

const EVERY_HOURS = 0.001;
const backupDir = await mkdtemp(join(tmpdir(), 'loop-backups-shared-'));
const run = twoInstances(test, { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: String(EVERY_HOURS), BACKUP_KEEP: '50' });

test.after(async () => {
  await rm(backupDir, { recursive: true, force: true });
});

test('two instances on one database: one backup per interval, proved, the same state on both', async () => {
  const rows = await waitFor('five backups', async () => {
    const found = await run.db.all<{ file: string; started_at: string; status: string }>(
      'SELECT file, started_at, status FROM backups ORDER BY started_at',
    );
    return found.length >= 5 ? found : undefined;
  });
  for (const row of rows) assert.is(row.status, 'proved', row.file);
  for (let index = 1; index < rows.length; index++) {
    const gap = Date.parse(rows[index]!.started_at) - Date.parse(rows[index - 1]!.started_at);
    assert.ok(gap >= EVERY_HOURS * 3600 * 1000, `${rows[index]!.file} only ${gap} ms after the one before`);
  }
  const files = (await readdir(backupDir)).filter((name) => name.endsWith('.dump'));
  assert.ok(files.length >= rows.length, 'every recorded backup is in the folder');
  const [fromA, fromB] = await Promise.all(
    [run.a, run.b].map(
      async (instance) =>
        (await on(instance, 'GET', '/api/backup/status', { cookie: run.cookie })).json.backup as BackupState,
    ),
  );
  assert.is(fromA?.enabled, true);
  const recorded = new Set(rows.map((row) => row.file));
  const seenBy = (state: BackupState | undefined): string[] =>
    (state?.backups ?? []).map((backup) => backup.file).filter((file) => recorded.has(file));
  assert.equal(seenBy(fromA), [...recorded].reverse());
  assert.equal(seenBy(fromB), [...recorded].reverse());
});

test.run();
