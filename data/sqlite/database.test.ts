import { readdir } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { abandon, names, openWithTable, removeTempDirs, reopen, tempDir } from './database-test-kit';
import { listJournalFiles, readJournal } from './journal';
import { isReadOnlySql } from './statement';

test.after(removeTempDirs);

test('isReadOnlySql: a write is never taken for a read', () => {
  const cases: Array<[string, boolean]> = [
    ['SELECT * FROM items WHERE id = ?', true],
    ['  select count(*) from items', true],
    ['PRAGMA user_version', true],
    ['PRAGMA user_version = 3', false],
    ['INSERT INTO items (name) VALUES (?)', false],
    ['WITH old AS (SELECT id FROM items) DELETE FROM items WHERE id IN old', false],
    ['SELECT 1; DELETE FROM items', false],
    ['UPDATE items SET name = ? RETURNING id', false],
    ['REPLACE INTO items (id, name) VALUES (1, ?)', false],
    ["SELECT * FROM license_events WHERE type = 'deleted'", true],
    ['EXPLAIN QUERY PLAN SELECT * FROM items', true],
  ];
  for (const [sql, expected] of cases) assert.is(isReadOnlySql(sql), expected, sql);
});

test('transaction: durable once resolved, replayed on the next start', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  const insert = db.prepare('INSERT INTO items (name, data) VALUES (?, ?)');
  const result = await db.transaction(() => insert.run('one', new Uint8Array([1, 2, 255])));
  assert.is(result.changes, 1);
  assert.is(result.lastInsertRowid, 1);
  await db.transaction(() => {
    insert.run('two', null);
    insert.run('three', true);
  });
  // No close(): the journal alone must hold everything (a crash right now).
  await abandon(db);
  const again = await reopen(dir);
  try {
    assert.equal(names(again), ['one', 'two', 'three']);
    const blob = again.prepare('SELECT data FROM items WHERE name = ?').get<{ data: Uint8Array }>('one');
    assert.equal([...(blob?.data ?? [])], [1, 2, 255]);
    assert.is(again.prepare('SELECT data FROM items WHERE name = ?').get<{ data: number }>('three')?.data, 1);
  } finally {
    await again.close();
  }
});

test('transaction: a throwing callback keeps nothing, in memory or on disk', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  try {
    await db.transaction(() => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run('kept');
    });
    let caught: unknown;
    await db
      .transaction(() => {
        db.prepare('INSERT INTO items (name) VALUES (?)').run('dropped');
        throw new Error('validation failed');
      })
      .catch((error: unknown) => (caught = error));
    assert.instance(caught, Error);
    assert.equal(names(db), ['kept']);
  } finally {
    await db.close();
  }
  const again = await reopen(dir);
  assert.equal(names(again), ['kept']);
  await again.close();
});

test('transaction: a constraint error caught inside the callback leaves a replayable journal', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
  await db.transaction(() => insert.run('taken'));
  await db.transaction(() => {
    try {
      insert.run('taken');
    } catch {
      db.prepare('UPDATE items SET name = ? WHERE name = ?').run('renamed', 'taken');
    }
  });
  await abandon(db);
  const again = await reopen(dir);
  try {
    assert.equal(names(again), ['renamed']);
  } finally {
    await again.close();
  }
});

test('sync() waits for state writes but not for telemetry; drain() waits for both', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  try {
    let telemetryDone = false;
    const telemetry = db
      .transaction(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('seen'), { telemetry: true })
      .then(() => (telemetryDone = true));
    await db.sync();
    assert.is(telemetryDone, false, 'an answer does not wait for a telemetry flush');
    const state = db.transaction(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('state'));
    await db.sync();
    const journaled = (await readJournal(dir)).entries.flatMap((entry) => entry.stmts.flatMap(([, params]) => params));
    assert.ok(journaled.includes('state'), 'but it waits until a state write is in the journal');
    await db.drain();
    assert.ok(telemetryDone);
    await Promise.all([telemetry, state]);
    const again = await reopen(dir);
    assert.equal(names(again), ['seen', 'state'], 'telemetry is journaled like any write');
    await again.close();
  } finally {
    await db.close().catch(() => undefined);
  }
});

test('transaction: async callbacks are refused', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  try {
    const refused = await db
      .transaction(() => Promise.resolve(1))
      .then(
        () => false,
        () => true,
      );
    assert.ok(refused);
  } finally {
    await db.close();
  }
});

test('prepare: one compiled statement per SQL text, usable after a snapshot (export)', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  try {
    const sql = 'SELECT count(*) AS n FROM items';
    assert.is(db.prepare(sql), db.prepare(sql));
    const count = db.prepare(sql);
    await db.transaction(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('a'));
    await db.snapshot();
    assert.is(count.get<{ n: number }>()?.n, 1);
    await db.transaction(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('b'));
    assert.is(count.get<{ n: number }>()?.n, 2);
  } finally {
    await db.close();
  }
});

test('concurrent transactions: all durable, in commit order', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
  const expected = Array.from({ length: 200 }, (_, index) => `n${index}`);
  await Promise.all(expected.map((name) => db.transaction(() => insert.run(name))));
  await abandon(db);
  const again = await reopen(dir);
  try {
    assert.equal(names(again), expected);
  } finally {
    await again.close();
  }
});

test('snapshots: the journal is trimmed and a restart sees the same data', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir, { snapshotEveryEntries: 10 });
  const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
  for (let index = 0; index < 35; index++) await db.transaction(() => insert.run(`n${index}`));
  await db.snapshot();
  const files = await listJournalFiles(dir);
  assert.is(files.length, 1, 'only the journal after the last snapshot is left');
  assert.ok((await readdir(dir)).includes('db.sqlite'));
  await db.transaction(() => insert.run('after'));
  await abandon(db);
  const again = await reopen(dir);
  try {
    assert.is(names(again).length, 36);
    assert.is(names(again).at(-1), 'after');
    assert.is(again.prepare('PRAGMA integrity_check').get<{ integrity_check: string }>()?.integrity_check, 'ok');
  } finally {
    await again.close();
  }
});

test.run();
