// store: postgres only (moves an embedded data directory into PostgreSQL)
/**
 * `npm run migrate:to-postgres` on a data directory with 10,000 licences and prompts with images:
 * the copy holds every row with its id, the images and the signing key, an instance started on it
 * serves them, new ids follow the old ones, and a second run refuses the now non-empty database.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { deleteLicense, importLicenses } from '../../data/licenses/licenses';
import { createLoopstream } from '../../data/loopstreams';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { sqliteTables } from '../../data/postgres/copy-from-sqlite';
import { checkedFetch } from '../answer-check';
import { call, loginCookie, startServer, TEST_POSTGRES_URL } from '../harness';
import type { TestServer } from '../harness';
import { gradientPng } from '../png-fixture';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';

const LICENCES = 10_000;
const IMAGES = 3;
const EMBEDDED = { DATABASE_URL: '' };

function migrateScript(dataDir: string, databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tasks/migrate-to-postgres.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });
}

/** An embedded data directory in use: licences (one deleted), a LoopStream record, prompts, three with images. */
async function fillDataDir(server: TestServer): Promise<{ kid: string; lastLicenceId: number }> {
  const db = server.app.ctx.db;
  const at = new Date().toISOString();
  const ids = await importLicenses(
    db,
    Array.from({ length: LICENCES + 1 }, (_, index) => {
      const key = randomUUID();
      return {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email: `pembeli${index}@contoh.id`,
        app_type: index % 3 ? 'loopbot' : 'loopstream',
        expired_date: at,
        created_at: at,
      };
    }),
    at,
  );
  // The newest licence is deleted: its id must never be given out again.
  await deleteLicense(db, ids.at(-1)!, at);
  await createLoopstream(
    db,
    { package_type: 'Paket 1', customer_name: 'Budi', ip_server: '10.0.0.1:8080', expired_date: at },
    at,
  );
  const cookie = await loginCookie(server.url);
  for (let index = 0; index < 40; index++) {
    const form = new FormData();
    form.set('title', `Prompt ${index}`);
    form.set('prompt_template', `Templat ${index} dengan "kutipan" dan baris\nbaru`);
    if (index < IMAGES)
      form.set('image', new Blob([new Uint8Array(gradientPng(200 + index, 120))], { type: 'image/png' }), 'x.png');
    assert.is((await call(server.url, 'POST', '/api/prompt/create', { cookie, body: form })).status, 200);
  }
  const kid = String((await call(server.url, 'GET', '/api/license/public-key')).json.kid);
  return { kid, lastLicenceId: ids.at(-1)! };
}

test(`moves ${LICENCES} licences, prompts with images and the signing key; the counts and sampled rows match`, async () => {
  const source = await startServer(EMBEDDED);
  let sourceOpen = true;
  const databaseUrl = await createTestDatabase(TEST_POSTGRES_URL!);
  let moved: TestServer | undefined;
  try {
    const { kid, lastLicenceId } = await fillDataDir(source);
    const tables = await sqliteTables(source.app.ctx.db);
    await source.close({ remove: false });
    sourceOpen = false;

    const result = await migrateScript(source.dataDir, databaseUrl);
    assert.is(result.code, 0, result.output);
    assert.match(result.output, /licenses\s+10000 →\s+10000\s+25 rows compared/);
    assert.match(result.output, /images \(blobs\)\s+3 →\s+3/);
    assert.match(result.output, 'done in');

    // Read back independently of the script's own check.
    const sourceAgain = await startServer(EMBEDDED, { dataDir: source.dataDir });
    const target = await PostgresStore.open({ url: databaseUrl, maxConnections: 2 });
    try {
      for (const table of tables) {
        const count = async (db: { get: PostgresStore['get'] }): Promise<number> =>
          Number((await db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n);
        assert.is(await count(target), await count(sourceAgain.app.ctx.db), table);
      }
      const columns = 'id, license_key, key_sha256, email, app_type, status, expired_date, created_at';
      const sample = `SELECT ${columns} FROM licenses WHERE id % 997 = 1 ORDER BY id`;
      const hex = (rows: unknown[]): unknown =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row as Record<string, unknown>).map(([name, value]) => [
              name,
              value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value,
            ]),
          ),
        );
      const sampled = await target.all(sample);
      assert.is(sampled.length, Math.ceil(LICENCES / 997));
      assert.equal(hex(sampled), hex(await sourceAgain.app.ctx.db.all(sample)));
      const prompts = 'SELECT id, title, prompt_template, image_path, created_at FROM prompts ORDER BY id';
      assert.equal(await target.all(prompts), await sourceAgain.app.ctx.db.all(prompts));
      // The insights' summaries are not copied but rebuilt from the copied rows: the same figures.
      const summary =
        'SELECT figure, hour, item, label, n, amount FROM insight_hours WHERE n <> 0 OR amount <> 0 ORDER BY figure, hour, item, label';
      const lines = (rows: Array<Record<string, unknown>>): string[] =>
        rows.map((row) => Object.values(row).map(String).join('|'));
      const summarised = lines(await sourceAgain.app.ctx.db.all(summary));
      assert.ok(summarised.length > 0, 'the source has summaries');
      assert.equal(lines(await target.all(summary)), summarised);
    } finally {
      await target.close();
      await sourceAgain.close({ remove: false });
    }

    // An instance on the moved database: same key, same images, the admin's password, ids past the old ones.
    moved = await startServer({ DATABASE_URL: databaseUrl });
    assert.is((await call(moved.url, 'GET', '/api/license/public-key')).json.kid, kid);
    const cookie = await loginCookie(moved.url);
    const listed = await call(moved.url, 'GET', '/api/prompt/list?per_page=100');
    const withImages = (listed.json.prompts as Array<{ image_url: string | null }>).filter(
      (prompt) => prompt.image_url,
    );
    assert.is(withImages.length, IMAGES);
    for (const prompt of withImages) {
      const served = Buffer.from(await (await checkedFetch(moved.url + prompt.image_url)).arrayBuffer());
      assert.ok(served.equals(await readFile(join(source.dataDir, 'uploads', prompt.image_url!.split('/').pop()!))));
    }
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const created = await call(moved.url, 'POST', '/api/license/create', {
      cookie,
      body: { email: 'baru@contoh.id', expired_date: expires },
    });
    assert.ok(
      (created.json.license as { id: number }).id > lastLicenceId,
      'a new licence id follows every id given out before',
    );
    assert.is((await call(moved.url, 'GET', '/api/license/list?search=pembeli9999%40', { cookie })).json.total, 1);

    const again = await migrateScript(source.dataDir, databaseUrl);
    assert.is(again.code, 1);
    assert.match(again.output, 'is not empty');
  } finally {
    await moved?.close();
    if (sourceOpen) await source.close();
    await rm(source.dataDir, { recursive: true, force: true });
    await dropTestDatabase(TEST_POSTGRES_URL!, databaseUrl);
  }
});

test.run();
