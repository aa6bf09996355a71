/**
 * Scheduled backups on a tiny interval (BACKUP_EVERY_HOURS=0.002, 7.2 s): they appear, proved and
 * counted; the oldest beyond BACKUP_KEEP go; a byte-flipped newest file is reported as failed and
 * e-mailed once; a persistent failure e-mails once, not every interval; `npm run restore -- latest`
 * into an empty data folder (or database) gives back every row of every table, and refuses a
 * damaged file.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Backup } from '../../contract/calls/backups';
import { isBackupName } from '../../api/backups/backup-files';
import { call, loginCookie, makeDataDir, startServer, TEST_POSTGRES_URL } from '../harness';
import type { TestServer } from '../harness';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';
import { backupState, countsOf, flipBytes, runRestore, waitFor } from './backup-helpers';

// 7.2 s: a pg_dump and its proof take seconds on a busy machine, and twice the interval is "stale".
const EVERY = { BACKUP_EVERY_HOURS: '0.002', BACKUP_KEEP: '2' };
const LICENSES = 5;

const backupMails = async (server: TestServer): Promise<number> =>
  Number(
    (await server.app.ctx.db.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE kind = 'backup'"))?.n ?? 0,
  );

test('without BACKUP_DIR scheduled backups are off, and "back up now" says so', async () => {
  const server = await startServer();
  try {
    const cookie = await loginCookie(server.url);
    const state = await backupState(server.url, cookie);
    assert.equal([state.enabled, state.needs_attention, state.backups.length], [false, false, 0]);
    const now = await call(server.url, 'POST', '/api/backup/run', { cookie });
    assert.is(now.status, 409);
    assert.match(String(now.json.error), 'BACKUP_DIR');
  } finally {
    await server.close();
  }
});

test('backups appear and prove themselves, the oldest beyond BACKUP_KEEP go, a damaged newest file is reported and e-mailed once, restore gives every row back', async () => {
  const backupDir = await mkdtemp(join(tmpdir(), 'loop-backups-'));
  const server = await startServer({ ...EVERY, BACKUP_DIR: backupDir });
  let stopped = false;
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const cookie = await loginCookie(server.url);
    for (let index = 0; index < LICENSES; index++) {
      const made = await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: { email: `backup${index}@example.com`, expired_date: '2027-06-01T00:00' },
      });
      assert.is(made.status, 200, made.text);
    }
    const createdAt = new Date().toISOString();
    // Every name ever seen, to check which were removed.
    const seen = new Set<string>();
    const state = await waitFor('three backups after the licences, two kept', async () => {
      const current = await backupState(server.url, cookie);
      current.backups.forEach((backup) => seen.add(backup.file));
      const afterLicences = [...seen].filter((file) => file > `loopshop-${createdAt.replace(/[:.]/g, '-')}`);
      return afterLicences.length >= 3 && current.backups.length === 2 ? current : undefined;
    });
    const newestTwo = [...seen].sort().reverse().slice(0, 2);
    assert.equal(
      state.backups.map((backup) => backup.file),
      newestTwo,
      'the two newest are kept',
    );
    const onDisk = (await readdir(backupDir)).filter(isBackupName).sort().reverse();
    assert.equal(onDisk.slice(0, 2), newestTwo);
    assert.ok(onDisk.length <= 3, `older files removed (a third may be in the making): ${onDisk.join(', ')}`);
    for (const backup of state.backups) {
      assert.is(backup.status, 'proved', backup.error ?? '');
      assert.is(backup.counts.licenses, LICENSES);
    }
    assert.is(state.enabled, true);
    assert.is(state.last_proved?.file, state.backups.find((backup) => backup.status === 'proved')?.file);
    assert.is(state.needs_attention, false);

    // A failing disk: bytes of the newest copy change after it was proved.
    const damaged = state.backups[0]!.file;
    await flipBytes(join(backupDir, damaged));
    const reported = await waitFor('the damaged file reported as failed', async () => {
      const current = await backupState(server.url, cookie);
      return current.backups.find((backup: Backup) => backup.file === damaged && backup.status === 'failed');
    });
    assert.ok(reported.error, 'says why');
    console.log(`damaged file reported: ${reported.error}`);
    const mails = await server.app.ctx.db.all<{ to_address: string; body: string }>(
      "SELECT to_address, body FROM outbox WHERE kind = 'backup' ORDER BY id",
    );
    const aboutDamage = mails.filter((mail) => mail.body.includes(`Cadangan terakhir (${damaged}, `));
    assert.is(aboutDamage.length, 1, mails.map((mail) => mail.body).join('\n---\n'));
    assert.is(aboutDamage[0]!.to_address, 'support@loopbot.id', 'to the storefront support address');

    // The run goes on to make a new copy: the incident closes.
    await waitFor('a proved backup after the damaged one', async () => {
      const current = await backupState(server.url, cookie);
      return current.last_backup?.status === 'proved' && current.last_backup.file > damaged && !current.needs_attention;
    });

    // A persistent failure: the folder is replaced by a file, every run fails; one e-mail for the incident.
    const mailsBefore = await backupMails(server);
    await rm(backupDir, { recursive: true, force: true });
    await writeFile(backupDir, 'not a folder');
    const failing = await waitFor('a failed backup', async () => {
      const current = await backupState(server.url, cookie);
      return current.last_backup?.status === 'failed' ? current : undefined;
    });
    assert.is(failing.needs_attention, true);
    assert.ok(failing.reason?.includes('failed'), failing.reason ?? '');
    const failedFiles = new Set<string>();
    await waitFor('three more failed runs', async () => {
      const current = await backupState(server.url, cookie);
      current.backups.filter((backup) => backup.status === 'failed').forEach((backup) => failedFiles.add(backup.file));
      return failedFiles.size >= 4;
    });
    assert.is(await backupMails(server), mailsBefore + 1, 'one e-mail for the whole incident');
    await rm(backupDir, { force: true });
    const healed = await waitFor('a proved backup again', async () => {
      const current = await backupState(server.url, cookie);
      return current.last_backup?.status === 'proved' && !current.needs_attention ? current : undefined;
    });
    assert.is(healed.last_proved?.file, healed.last_backup?.file);

    const kid = String((await call(server.url, 'GET', '/api/license/public-key')).json.kid);
    await server.close({ remove: false });
    stopped = true;
    const source = await countsOf({ dataDir: server.dataDir, databaseUrl: server.app.ctx.config.databaseUrl });
    const newest = (await readdir(backupDir)).filter(isBackupName).sort().reverse()[0]!;
    const manifest = JSON.parse(await readFile(join(backupDir, `${newest}.json`), 'utf8')) as {
      counts: Record<string, number>;
    };

    // Into an empty data folder (or an empty database).
    const emptyDir = await makeDataDir();
    cleanups.push(() => rm(emptyDir, { recursive: true, force: true }));
    const target = TEST_POSTGRES_URL ? await createTestDatabase(TEST_POSTGRES_URL) : undefined;
    if (target) cleanups.push(() => dropTestDatabase(TEST_POSTGRES_URL!, target));
    const env = { BACKUP_DIR: backupDir, DATA_DIR: emptyDir, ...(target ? { DATABASE_URL: target } : {}) };
    // An empty target has no key to trust the backup's signature by: the owner names it.
    const restored = await runRestore(['latest', '--kid', kid], env);
    assert.is(restored.code, 0, restored.output);
    assert.match(restored.output, `${newest} is proved`);
    const counts = await countsOf({ dataDir: emptyDir, databaseUrl: target });
    // Every table as the backup holds it; the activity log also has the restore's own entry.
    for (const [table, rows] of Object.entries(manifest.counts))
      assert.is(counts[table], table === 'activity_log' ? rows + 1 : rows, `${table} restored`);
    // The business tables as the server left them (its own backup records moved on after the copy,
    // and so did the activity log, which records each backup once its copy is made and proved).
    for (const table of Object.keys(source).filter(
      (name) => !['backups', 'backup_alert', 'rate_counters', 'activity_log'].includes(name),
    )) {
      assert.is(counts[table], source[table], `${table}: every row back`);
    }
    assert.is(counts.licenses, LICENSES);

    await flipBytes(join(backupDir, newest));
    const otherDir = await makeDataDir();
    cleanups.push(() => rm(otherDir, { recursive: true, force: true }));
    const refused = await runRestore(['latest', '--kid', kid], { ...env, DATA_DIR: otherDir });
    assert.is(refused.code, 1, refused.output);
    assert.match(refused.output, 'refused');
  } finally {
    if (!stopped) await server.close({ remove: false });
    await rm(server.dataDir, { recursive: true, force: true });
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await rm(backupDir, { recursive: true, force: true });
  }
});

test.run();
