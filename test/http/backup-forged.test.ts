/**
 * A backup's manifest is signed with the shop's key, so restore refuses a forged backup: another
 * database put in a genuine backup's place with its checksum, size and rows recomputed in the
 * manifest; another shop's genuine backup (signed by a key that is not this shop's); a copy with no
 * manifest. The genuine backup restores.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backupFiles } from '../../api/backups/backup-files';
import type { Manifest } from '../../api/backups/backup-files';
import { call, loginCookie, makeDataDir, startServer, TEST_POSTGRES_URL } from '../harness';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';
import { backupState, countsOf, runRestore, waitFor } from './backup-helpers';

const cleanups: Array<() => Promise<unknown>> = [];

async function scratchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function scratchDatabase(): Promise<string | undefined> {
  if (!TEST_POSTGRES_URL) return undefined;
  const url = await createTestDatabase(TEST_POSTGRES_URL);
  cleanups.push(() => dropTestDatabase(TEST_POSTGRES_URL!, url));
  return url;
}

/** A shop with `licences` licences and a proved backup made after them; stopped. */
async function shopBackup(licences: number): Promise<{ dir: string; file: string; kid: string; manifest: Manifest }> {
  const dir = await scratchDir('loop-forged-backups-');
  const dataDir = await makeDataDir();
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = await scratchDatabase();
  const server = await startServer(
    { BACKUP_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { dataDir },
  );
  try {
    const cookie = await loginCookie(server.url);
    await waitFor(
      'the first scheduled backup',
      async () => (await backupState(server.url, cookie)).last_proved ?? undefined,
    );
    for (let index = 0; index < licences; index++) {
      const made = await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: { email: `toko${licences}-${index}@example.com`, expired_date: '2099-06-01T00:00' },
      });
      assert.is(made.status, 200, made.text);
    }
    const now = await call(server.url, 'POST', '/api/backup/run', { cookie });
    assert.is(now.status, 200, now.text);
    const kid = String((await call(server.url, 'GET', '/api/license/public-key')).json.kid);
    const file = (await backupFiles(dir))[0]!;
    const manifest = JSON.parse(await readFile(join(dir, `${file}.json`), 'utf8')) as Manifest;
    return { dir, file, kid, manifest };
  } finally {
    await server.close({ remove: false });
  }
}

async function restoreInto(
  path: string,
  kid: string,
): Promise<{ code: number | null; output: string; counts?: Record<string, number> }> {
  const dataDir = await scratchDir('loop-forged-target-');
  const databaseUrl = await scratchDatabase();
  const run = await runRestore([path, '--kid', kid], {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return run.code === 0 ? { ...run, counts: await countsOf({ dataDir, databaseUrl }) } : run;
}

test("restore refuses a forged backup (checksum recomputed, another shop's key, no manifest) and restores the genuine one", async () => {
  const genuine = await shopBackup(1);
  const other = await shopBackup(3);
  assert.is.not(genuine.kid, other.kid);

  // The other shop's database in the genuine backup's place, its manifest telling the truth about the bytes.
  const forged = await scratchDir('loop-forged-');
  await cp(join(other.dir, other.file), join(forged, genuine.file));
  await cp(join(other.dir, `${other.file}.files`), join(forged, `${genuine.file}.files`), { recursive: true }).catch(
    () => undefined, // PostgreSQL: nothing beside the dump
  );
  const { sha256, bytes, counts, files } = other.manifest;
  await writeFile(
    join(forged, `${genuine.file}.json`),
    JSON.stringify({ ...genuine.manifest, sha256, bytes, counts, files }),
  );
  const recomputed = await restoreInto(join(forged, genuine.file), genuine.kid);
  assert.is(recomputed.code, 1, recomputed.output);
  assert.match(recomputed.output, 'refused');
  assert.match(recomputed.output, 'signature does not match');

  const otherKey = await restoreInto(join(other.dir, other.file), genuine.kid);
  assert.is(otherKey.code, 1, otherKey.output);
  assert.match(otherKey.output, `signed by key ${other.kid}`);

  const bare = await scratchDir('loop-forged-bare-');
  await cp(join(genuine.dir, genuine.file), join(bare, genuine.file));
  const unsigned = await restoreInto(join(bare, genuine.file), genuine.kid);
  assert.is(unsigned.code, 1, unsigned.output);
  assert.match(unsigned.output, 'has no manifest');

  const restored = await restoreInto(join(genuine.dir, genuine.file), genuine.kid);
  assert.is(restored.code, 0, restored.output);
  assert.match(restored.output, `signed by key ${genuine.kid}`);
  assert.is(restored.counts?.licenses, 1);
});

test.after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

test.run();
