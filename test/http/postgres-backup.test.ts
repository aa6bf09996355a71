// store: postgres only (npm run backup / restore with DATABASE_URL: pg_dump and pg_restore)
/**
 * A backup taken with pg_dump while an instance keeps writing holds every write acknowledged
 * before it started, images included; restore refuses while an instance is connected, keeps the
 * tables it replaces in a schema aside, and an instance started afterwards serves the backup.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkedFetch } from '../answer-check';
import { call, loginCookie, startServer, TEST_POSTGRES_URL } from '../harness';
import { gradientPng } from '../png-fixture';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';

function script(
  name: 'backup' | 'restore',
  file: string,
  databaseUrl: string,
  more: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/tasks/${name}.ts`, file, ...more], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

test('backup while writing, restore over the database and into a new one: acknowledged writes and images come back', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'loop-pg-backup-'));
  const databaseUrl = await createTestDatabase(TEST_POSTGRES_URL!);
  const emptyUrl = await createTestDatabase(TEST_POSTGRES_URL!);
  const dump = join(folder, 'db.dump');
  let server = await startServer({ DATABASE_URL: databaseUrl });
  try {
    const cookie = await loginCookie(server.url);
    const form = new FormData();
    form.set('title', 'Dengan gambar');
    form.set('prompt_template', 't');
    form.set('image', new Blob([new Uint8Array(gradientPng(320, 180))], { type: 'image/png' }), 'a.png');
    const image = String(
      (
        (await call(server.url, 'POST', '/api/prompt/create', { cookie, body: form })).json.prompt as {
          image_url: string;
        }
      ).image_url,
    );
    const acknowledged: string[] = [];
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const write = async (email: string): Promise<void> => {
      const answer = await call(server.url, 'POST', '/api/license/create', {
        cookie,
        body: { email, expired_date: expires },
      });
      if (answer.status === 200) acknowledged.push(email);
    };
    for (let index = 0; index < 20; index++) await write(`sebelum${index}@contoh.id`);
    const beforeBackup = [...acknowledged];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index++) await write(`selama${index}@contoh.id`);
    })();
    const backup = await script('backup', dump, databaseUrl);
    writing = false;
    await writer;
    assert.is(backup.code, 0, backup.output);
    assert.match(backup.output, 'pg_dump custom format');

    const refused = await script('restore', dump, databaseUrl);
    assert.is(refused.code, 1);
    assert.match(refused.output, 'stop every instance first');
    const kid = String((await call(server.url, 'GET', '/api/license/public-key')).json.kid);
    await server.close();

    for (const url of [databaseUrl, emptyUrl]) {
      // Over the shop's own database its key vouches for the backup; an empty one needs the owner's --kid.
      const restored = await script('restore', dump, url, url === emptyUrl ? ['--kid', kid] : []);
      assert.is(restored.code, 0, restored.output);
      assert.match(restored.output, /kept in schema pre_restore_\d{14}/);
      server = await startServer({ DATABASE_URL: url });
      const emails = (await server.app.ctx.db.all<{ email: string }>('SELECT email FROM licenses')).map(
        (row) => row.email,
      );
      assert.ok(
        beforeBackup.every((email) => emails.includes(email)),
        'every write acknowledged before the backup',
      );
      assert.ok(
        emails.every((email) => acknowledged.includes(email)),
        'nothing that was not written',
      );
      const restoredEntries = await server.app.ctx.db.all<{ actor: string; object_id: string }>(
        "SELECT actor, object_id FROM activity_log WHERE action = 'backup.restored'",
      );
      assert.equal(restoredEntries, [{ actor: 'system', object_id: 'db.dump' }], 'the restore is on record, once');
      assert.ok(await loginCookie(server.url));
      const served = await checkedFetch(server.url + image);
      assert.equal([served.status, served.headers.get('content-type')], [200, 'image/webp']);
      await server.close();
    }
  } finally {
    await server.close().catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
    await dropTestDatabase(TEST_POSTGRES_URL!, databaseUrl);
    await dropTestDatabase(TEST_POSTGRES_URL!, emptyUrl);
  }
});

test.run();
