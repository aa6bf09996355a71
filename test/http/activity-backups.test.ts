/**
 * Backups in the activity log: the scheduler's backup is recorded as "system", the owner's "Back
 * up now" as the admin with their IP; a newest copy that fails its proof again is recorded too.
 * One entry per backup made, none for a proof that passes again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { backupState, flipBytes, waitFor } from './backup-helpers';

type Row = { actor: string; actor_label: string | null; ip: string | null; action: string; object_id: string | null };

const ADMIN_IP = '198.51.100.23';

test('the scheduled backup as "system"; Back up now as the admin; a failed proof recorded once', async () => {
  const backupDir = await mkdtemp(join(tmpdir(), 'loop-backups-activity-'));
  let server: TestServer | undefined;
  try {
    server = await startServer({ BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '5', TRUST_PROXY: '1' });
    const db = server.app.ctx.db;
    const rows = () =>
      db.all<Row & { id: number }>(
        "SELECT id, actor, actor_label, ip, action, object_id FROM activity_log WHERE action LIKE 'backup.%' ORDER BY id",
      );
    const cookie = await loginCookie(server.url);
    const first = await waitFor(
      'the scheduled backup at start',
      async () => (await backupState(server!.url, cookie)).last_backup ?? undefined,
    );
    const scheduled = await rows();
    assert.equal(
      scheduled.map(({ id: _id, ...row }) => row),
      [{ actor: 'system', actor_label: null, ip: null, action: 'backup.made', object_id: first.file }],
    );
    const runNow = async () => {
      const answer = await call(server!.url, 'POST', '/api/backup/run', {
        cookie,
        headers: { 'x-forwarded-for': ADMIN_IP },
      });
      assert.is(answer.status, 200, answer.text);
      return answer.json.backup as { last_backup: { file: string } };
    };
    const second = (await runNow()).last_backup.file;
    const afterNow = (await rows()).slice(scheduled.length);
    assert.equal(
      afterNow.map(({ id: _id, ...row }) => row),
      [{ actor: 'admin', actor_label: 'admin', ip: ADMIN_IP, action: 'backup.made', object_id: second }],
      'the newest copy proved again: no entry for that',
    );
    await flipBytes(join(backupDir, second));
    const third = (await runNow()).last_backup.file;
    const afterDamage = (await rows()).slice(scheduled.length + afterNow.length);
    assert.equal(
      afterDamage.map((row) => [row.actor, row.action, row.object_id]),
      [
        ['admin', 'backup.proof_failed', second],
        ['admin', 'backup.made', third],
      ],
    );
  } finally {
    await server?.close();
    await rm(backupDir, { recursive: true, force: true });
  }
});

test.run();
