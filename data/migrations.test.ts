import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Database } from './database';
import { migrate, MIGRATIONS } from './migrations';

const dirs: string[] = [];
async function open(dir?: string): Promise<{ db: Database; dir: string }> {
  const target = dir ?? (await mkdtemp(join(tmpdir(), 'loop-migrate-')));
  if (!dir) dirs.push(target);
  return { db: await Database.open({ dir: target, onError: () => undefined }), dir: target };
}
test.after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const version = (db: Database): number => db.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version ?? -1;
const tables = (db: Database): string[] =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all<{ name: string }>()
    .map((row) => row.name);

test('migrate: creates every table and records the version', async () => {
  const { db } = await open();
  try {
    assert.is(await migrate(db), MIGRATIONS.length);
    assert.is(version(db), MIGRATIONS.length);
    for (const table of ['admins', 'sessions', 'licenses', 'license_events', 'loopstreams', 'configs', 'prompts']) {
      assert.ok(tables(db).includes(table), table);
    }
  } finally {
    await db.close();
  }
});

test('migrate: idempotent, and a new migration is applied once, also after a restart', async () => {
  const { db, dir } = await open();
  const extended = [...MIGRATIONS, 'CREATE TABLE extra (id INTEGER PRIMARY KEY)'];
  await migrate(db);
  await migrate(db);
  await migrate(db, extended);
  await migrate(db, extended);
  assert.is(version(db), extended.length);
  await db.close();
  const again = await open(dir);
  try {
    assert.is(version(again.db), extended.length);
    await migrate(again.db, extended);
    assert.ok(tables(again.db).includes('extra'));
  } finally {
    await again.db.close();
  }
});

test('migrate: a failing migration leaves the previous version in place', async () => {
  const { db } = await open();
  try {
    await migrate(db);
    const broken = [...MIGRATIONS, 'CREATE TABLE half (id INTEGER); CREATE TABLE licenses (id INTEGER)'];
    const failed = await migrate(db, broken).then(
      () => false,
      () => true,
    );
    assert.ok(failed);
    assert.is(version(db), MIGRATIONS.length);
    assert.not.ok(tables(db).includes('half'));
  } finally {
    await db.close();
  }
});

test.run();
