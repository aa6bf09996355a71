/**
 * A backup holds what a shop on a new machine needs besides its database: the licence signing key
 * (and the images). Backed up by "Back up now" (the schedule's own run) and by `npm run backup`,
 * restored into an empty folder (or database), started there on another port: the reference
 * client keeps validating its licence with the key it pinned from the first shop, and the prompt's
 * image is served.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkedFetch } from '../answer-check';
import { call, loginCookie, makeDataDir, startServer, TEST_POSTGRES_URL } from '../harness';
import type { TestServer } from '../harness';
import { gradientPng } from '../png-fixture';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';
import { backupState, runRestore, runScript, waitFor } from './backup-helpers';
import { client } from './license-client-run';
import { seedLicense } from './license-app-helpers';

type Shop = { server: TestServer; databaseUrl: string | undefined; dataDir: string };

const cleanups: Array<() => Promise<unknown>> = [];

async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = await makeDataDir();
  const databaseUrl = TEST_POSTGRES_URL ? await createTestDatabase(TEST_POSTGRES_URL) : undefined;
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (databaseUrl) cleanups.push(() => dropTestDatabase(TEST_POSTGRES_URL!, databaseUrl));
  const server = await startServer({ ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, { dataDir });
  return { server, databaseUrl, dataDir };
}

async function imageUrl(server: TestServer, cookie: string): Promise<string> {
  const form = new FormData();
  form.set('title', 'Dengan gambar');
  form.set('prompt_template', 't');
  form.set('image', new Blob([new Uint8Array(gradientPng(320, 180))], { type: 'image/png' }), 'a.png');
  const answer = await call(server.url, 'POST', '/api/prompt/create', { cookie, body: form });
  assert.is(answer.status, 200, answer.text);
  return String((answer.json.prompt as { image_url: string }).image_url);
}

/**
 * The first shop: a licence activated by the reference client (its key pinned), an image, the
 * signing key's id; `backUp` makes the backup while it runs, and it is stopped afterwards.
 */
async function shopWithBackup(
  env: Record<string, string>,
  backUp: (shop: Shop, cookie: string) => Promise<void>,
): Promise<{ kid: string; image: string; clientEnv: Record<string, string>; key: string }> {
  const shop = await startShop(env);
  try {
    const cookie = await loginCookie(shop.server.url);
    const kid = String((await call(shop.server.url, 'GET', '/api/license/public-key')).json.kid);
    const image = await imageUrl(shop.server, cookie);
    const { key } = await seedLicense(shop.server);
    const clientDir = await mkdtemp(join(tmpdir(), 'backup-key-client-'));
    cleanups.push(() => rm(clientDir, { recursive: true, force: true }));
    const clientEnv = { LICENSE_CLIENT_DIR: clientDir, LICENSE_DEVICE_ID: 'lb-test-backup-key' };
    const pinned = await client(['pin'], { ...clientEnv, LICENSE_SERVER: shop.server.url });
    assert.is(pinned.code, 0, pinned.output);
    const activated = await client(['activate', key, 'Laptop Toko'], { ...clientEnv, LICENSE_SERVER: shop.server.url });
    assert.is(activated.code, 0, activated.output);
    await backUp(shop, cookie);
    return { kid, image, clientEnv, key };
  } finally {
    await shop.server.close({ remove: false });
  }
}

/** Restores into an empty folder (or database), starts the shop there, and checks the client and the image. */
async function restoreAndValidate(
  restoreArgs: string[],
  restoreEnv: Record<string, string>,
  first: { kid: string; image: string; clientEnv: Record<string, string>; key: string },
): Promise<void> {
  const emptyDir = await makeDataDir();
  cleanups.push(() => rm(emptyDir, { recursive: true, force: true }));
  const emptyDb = TEST_POSTGRES_URL ? await createTestDatabase(TEST_POSTGRES_URL) : undefined;
  if (emptyDb) cleanups.push(() => dropTestDatabase(TEST_POSTGRES_URL!, emptyDb));
  const target = { DATA_DIR: emptyDir, ...(emptyDb ? { DATABASE_URL: emptyDb } : {}) };
  const restored = await runRestore([...restoreArgs, '--kid', first.kid], { ...restoreEnv, ...target });
  assert.is(restored.code, 0, restored.output);
  const second = await startServer(emptyDb ? { DATABASE_URL: emptyDb } : {}, { dataDir: emptyDir });
  try {
    assert.is(String((await call(second.url, 'GET', '/api/license/public-key')).json.kid), first.kid, 'the same key');
    // The client still holds the key it pinned from the first shop, and talks to the second one.
    const validated = await client(['validate', first.key], { ...first.clientEnv, LICENSE_SERVER: second.url });
    assert.is(validated.code, 0, validated.output);
    const picture = await checkedFetch(second.url + first.image);
    assert.is(picture.status, 200, `the image ${first.image} came back`);
    await picture.arrayBuffer();
  } finally {
    await second.close({ remove: false });
  }
}

test('"Back up now" carries the signing key and the images: restored elsewhere, the pinned client keeps validating', async () => {
  const backupDir = await mkdtemp(join(tmpdir(), 'loop-backups-key-'));
  cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
  const first = await shopWithBackup({ BACKUP_DIR: backupDir }, async (shop, cookie) => {
    // The run the schedule asks for at start, then one after the licence and the image.
    await waitFor(
      'the first scheduled backup',
      async () => (await backupState(shop.server.url, cookie)).last_proved ?? undefined,
    );
    const now = await call(shop.server.url, 'POST', '/api/backup/run', { cookie });
    assert.is(now.status, 200, now.text);
    assert.is((now.json.backup as { last_backup: { status: string } }).last_backup.status, 'proved');
  });
  await restoreAndValidate(['latest'], { BACKUP_DIR: backupDir }, first);
});

test('`npm run backup` carries them too', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'loop-backup-script-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const file = join(folder, 'by-hand.backup');
  const first = await shopWithBackup({}, async (shop) => {
    const made = await runScript('backup', [file], {
      DATA_DIR: shop.dataDir,
      ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}),
    });
    assert.is(made.code, 0, made.output);
    const manifest = JSON.parse(await readFile(`${file}.json`, 'utf8')) as { files: Record<string, string> };
    if (!shop.databaseUrl) assert.ok(manifest.files['license-signing-key.pem'], 'the key beside the database');
  });
  await restoreAndValidate([file], {}, first);
});

test.after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

test.run();
