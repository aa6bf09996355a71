import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginCookie, startServer } from '../harness';
import { samples, scrape } from '../metrics-scrape';
import { backupState, waitFor } from './backup-helpers';

const TOKEN = 'metrics-token-for-the-backup-test-7';

test('loopshop_backup_age_seconds follows the newest proved backup of the schedule', async () => {
  const backupDir = await mkdtemp(join(tmpdir(), 'loop-metrics-backups-'));
  const server = await startServer({ METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '1' });
  try {
    const cookie = await loginCookie(server.url);
    // The schedule's first run comes right after the start: wait until its backup is proved.
    const proved = await waitFor(
      'a proved backup',
      async () => (await backupState(server.url, cookie)).last_proved ?? undefined,
    );
    const [age] = samples(await scrape(server.url, TOKEN), 'loopshop_backup_age_seconds');
    assert.ok(age, 'the gauge is there once backups are on');
    const seconds = Number(age.value);
    assert.ok(Number.isFinite(seconds) && seconds >= 0, `age ${age.value} of ${proved.file}`);
  } finally {
    await server.close();
    await rm(backupDir, { recursive: true, force: true });
  }
});

test.run();
