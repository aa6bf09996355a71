/**
 * A shop whose database holds licences refuses to start without the licence signing key they were
 * signed with (the DATA_DIR file, or the row in server_secrets with PostgreSQL) instead of making a
 * new one that every installed app would refuse; a brand-new shop still makes its key.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SIGNING_KEY_FILE, SIGNING_KEY_SECRET } from '../../api/license-api/license-signing';
import { call, loginCookie, makeDataDir, startServer, TEST_POSTGRES_URL } from '../harness';
import type { TestServer } from '../harness';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';

test('a database with licences and no signing key refuses to start, and says how to put the key back', async () => {
  const dataDir = await makeDataDir();
  const databaseUrl = TEST_POSTGRES_URL ? await createTestDatabase(TEST_POSTGRES_URL) : undefined;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const first = await startServer(env, { dataDir });
  let restarted: TestServer | undefined;
  try {
    const made = await call(first.url, 'POST', '/api/license/create', {
      cookie: await loginCookie(first.url),
      body: { email: 'kunci@example.com', expired_date: '2099-06-01T00:00' },
    });
    assert.is(made.status, 200, made.text);
    if (databaseUrl) await first.app.ctx.db.run('DELETE FROM server_secrets WHERE name = ?', [SIGNING_KEY_SECRET]);
    await first.close({ remove: false });
    if (!databaseUrl) await rm(join(dataDir, SIGNING_KEY_FILE));

    let refusal: Error | undefined;
    try {
      restarted = await startServer(env, { dataDir });
    } catch (error) {
      refusal = error as Error;
    }
    assert.ok(refusal, 'the shop must not start with a new key');
    assert.match(refusal.message, 'Refusing to start');
    assert.match(refusal.message, 'licence signing key');
    assert.match(refusal.message, 'npm run restore');
    if (!databaseUrl) assert.not.ok(existsSync(join(dataDir, SIGNING_KEY_FILE)), 'no key made in its place');
  } finally {
    if (restarted) await restarted.close({ remove: false });
    await rm(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropTestDatabase(TEST_POSTGRES_URL!, databaseUrl);
  }
});

test('a brand-new shop still makes its key', async () => {
  const server = await startServer();
  try {
    const answer = await call(server.url, 'GET', '/api/license/public-key');
    assert.is(answer.status, 200, answer.text);
    assert.match(String(answer.json.kid), /^[0-9a-f]{16}$/);
  } finally {
    await server.close();
  }
});

test.run();
