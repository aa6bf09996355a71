import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Database } from './database';
import { NewerSchemaError } from '../newer-schema-error';
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

const version = (db: Database): number =>
  db.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version ?? -1;
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

test('migrate v4: licences keep every column, the key hash becomes its 32 bytes, deleted ids are not given out again', async () => {
  const { db, dir } = await open();
  const hash = createHash('sha256').update('k-1').digest('hex');
  await migrate(db, MIGRATIONS.slice(0, 3));
  await db.transaction(() => {
    const insert = db.prepare(
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, device_id, device_name,
         device_activated_at, last_seen_at, app_version, created_at, updated_at) VALUES (?, ?, ?, 'loopbot', 'active', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run('k-1', hash, 'a@x.io', '2027-01-01T00:00:00.000Z', 'dev-00001', 'PC', 't1', 't2', '1.2.3', 't0', 't3');
    insert.run(
      'k-2',
      createHash('sha256').update('k-2').digest('hex'),
      'b@x.io',
      '2027-01-01T00:00:00.000Z',
      null,
      null,
      null,
      null,
      null,
      't0',
      't0',
    );
    db.prepare("DELETE FROM licenses WHERE license_key = 'k-2'").run();
  });
  await migrate(db);
  await db.close();
  // Reopened: the rebuilt table comes back from the snapshot or the journal alike.
  const again = await open(dir);
  try {
    const row = again.db
      .prepare('SELECT *, lower(hex(key_sha256)) AS hex, typeof(key_sha256) AS kind FROM licenses')
      .get<Record<string, unknown>>();
    assert.equal(
      { ...row, key_sha256: undefined },
      {
        id: 1,
        license_key: 'k-1',
        key_sha256: undefined,
        email: 'a@x.io',
        app_type: 'loopbot',
        status: 'active',
        expired_date: '2027-01-01T00:00:00.000Z',
        device_id: 'dev-00001',
        device_name: 'PC',
        device_activated_at: 't1',
        last_seen_at: 't2',
        app_version: '1.2.3',
        // Added by a later migration: every migration runs, so the row has the newest columns.
        last_seen_ip: null,
        created_at: 't0',
        updated_at: 't3',
        hex: hash,
        kind: 'blob',
      },
    );
    again.db
      .prepare(
        "INSERT INTO licenses (license_key, key_sha256, email, app_type, expired_date, created_at, updated_at) VALUES ('k-3', unhex(?), 'c@x.io', 'loopbot', 'x', 't', 't')",
      )
      .run(createHash('sha256').update('k-3').digest('hex'));
    assert.is(
      again.db.prepare("SELECT id FROM licenses WHERE license_key = 'k-3'").get<{ id: number }>()?.id,
      3,
      'id 2 was deleted: never reused',
    );
    const indexes = again.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'licenses' ORDER BY name")
      .all<{ name: string }>();
    // Later migrations add licenses_email_lower (a buyer's licences by e-mail, in every order) and the
    // two expiry/creation indexes of the owner's insights.
    const names = [
      'licenses_created',
      'licenses_created_expiry',
      'licenses_device',
      'licenses_email_lower',
      'licenses_expiry_created',
      'licenses_status_expiry',
      'sqlite_autoindex_licenses_1',
    ];
    assert.equal(
      indexes.map((index) => index.name),
      names,
    );
  } finally {
    await again.db.close();
  }
});

test('migrate: a database from a newer build is refused, untouched', async () => {
  const { db } = await open();
  try {
    await migrate(db, [...MIGRATIONS, 'CREATE TABLE later (id INTEGER PRIMARY KEY)']);
    const refused = await migrate(db).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.instance(refused, NewerSchemaError);
    assert.match((refused as Error).message, `schema v${MIGRATIONS.length + 1}`);
    assert.is(version(db), MIGRATIONS.length + 1);
  } finally {
    await db.close();
  }
});

test('migrate: existing orders get their signed string, the first of each only (a re-split that got in stays null)', async () => {
  const { db } = await open();
  try {
    // Up to just before the migration that gave orders their signed string.
    const signedStringVersion = MIGRATIONS.findIndex((sql) => sql.includes('signed_string')) + 1;
    await migrate(db, MIGRATIONS.slice(0, signedStringVersion - 1));
    await db.transaction(() => {
      const insert = db.prepare(
        `INSERT INTO orders (ref_id, message_id, customer_name, customer_email, customer_phone, items, amount_idr, status, note, created_at, updated_at)
         VALUES (?, ?, '', 'b@x.io', '', '[]', ?, 'fulfilled', '', 't', 't')`,
      );
      insert.run('AB', 'CD', 150000);
      insert.run('ABC', 'D', 150000);
      insert.run('X', 'Y', 1);
    });
    await migrate(db);
    const rows = db
      .prepare('SELECT ref_id, signed_string, replays_refused FROM orders ORDER BY id')
      .all<Record<string, unknown>>();
    assert.equal(rows, [
      { ref_id: 'AB', signed_string: '150000ABCD', replays_refused: 0 },
      { ref_id: 'ABC', signed_string: null, replays_refused: 0 },
      { ref_id: 'X', signed_string: '1XY', replays_refused: 0 },
    ]);
    const duplicate = await db
      .transaction(() => db.prepare("UPDATE orders SET signed_string = '150000ABCD' WHERE ref_id = 'ABC'").run())
      .then(
        () => 'stored',
        (error: Error) => error.message,
      );
    assert.match(duplicate, 'UNIQUE');
  } finally {
    await db.close();
  }
});

test.run();
