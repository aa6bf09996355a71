/** Database: what survives a torn journal line, a failed write, a second process and compaction. */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DataDirLockedError } from '../data-dir-locked-error';
import { LOCK_FILE } from './data-dir-lock';
import { Database } from './database';
import { abandon, names, openWithTable, removeTempDirs, reopen, tempDir } from './database-test-kit';
import { listJournalFiles } from './journal';
import { StorageUnavailableError } from './storage-unavailable';

test.after(removeTempDirs);

test('journal: a torn last line (crash mid-append) is ignored, the rest replays', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  await db.transaction(() => db.prepare('INSERT INTO items (name) VALUES (?)').run('whole'));
  await abandon(db);
  const [file] = await listJournalFiles(dir);
  const path = join(dir, file!.name);
  await writeFile(path, (await readFile(path, 'utf8')) + '0badc0de {"seq":99,"stmts":[["INSERT INTO items');
  const again = await reopen(dir);
  try {
    assert.equal(names(again), ['whole']);
    // New writes go to a new file, never after the torn line.
    await again.transaction(() => again.prepare('INSERT INTO items (name) VALUES (?)').run('next'));
  } finally {
    await again.close();
  }
  const third = await reopen(dir);
  assert.equal(names(third), ['whole', 'next']);
  await third.close();
});

test('a failed journal write answers 503, reloads the durable state, then takes writes again', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  const insert = db.prepare('INSERT INTO items (name) VALUES (?)');
  try {
    await db.transaction(() => insert.run('durable'));
    // Break the open journal file under the writer, as a failing disk would.
    await (db as unknown as { log: { journal: { handle: { close(): Promise<void> } } } }).log.journal.handle.close();
    const error = await db.transaction(() => insert.run('lost')).catch((caught: unknown) => caught);
    assert.instance(error, StorageUnavailableError);
    assert.is((error as StorageUnavailableError).status, 503);
    for (let waited = 0; !db.writable && waited < 100; waited++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(db.writable, 'recovered');
    assert.equal(names(db), ['durable'], 'the refused write is gone from memory too');
    await db.transaction(() => insert.run('later'));
  } finally {
    await db.close();
  }
  const again = await reopen(dir);
  assert.equal(names(again), ['durable', 'later']);
  await again.close();
});

test('lock: a second live process cannot open the data directory; a dead one does not count', async () => {
  const dir = await tempDir();
  // A live process that is not us: our parent.
  await writeFile(join(dir, LOCK_FILE), `${process.ppid}\n`);
  const error = await Database.open({ dir }).catch((caught: unknown) => caught);
  assert.instance(error, DataDirLockedError);
  assert.match((error as Error).message, String(process.ppid));
  const dead = spawnSync(process.execPath, ['-e', '0']).pid;
  await writeFile(join(dir, LOCK_FILE), `${dead}\n`);
  const db = await Database.open({ dir });
  assert.is(await readFile(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`);
  await db.close();
  assert.not.ok((await readdir(dir)).includes(LOCK_FILE), 'released on close');
});

test('compactIfSparse: gives free pages back when over a quarter of the file; rows and the journal stay right', async () => {
  const dir = await tempDir();
  const db = await openWithTable(dir);
  const pages = (): number => db.prepare('PRAGMA page_count').get<{ page_count: number }>()!.page_count;
  const filler = 'x'.repeat(2000);
  await db.transaction(() => {
    for (let index = 0; index < 2000; index++)
      db.prepare('INSERT INTO items (name) VALUES (?)').run(`${index}-${filler}`);
  });
  assert.not.ok(await db.compactIfSparse(), 'nothing free yet');
  await db.transaction(() => db.prepare('DELETE FROM items WHERE id > 10').run());
  const before = pages();
  assert.ok(await db.compactIfSparse());
  assert.ok(pages() < before / 4, `${pages()} pages of ${before}`);
  const { lastInsertRowid } = await db.transaction(() => db.prepare("INSERT INTO items (name) VALUES ('after')").run());
  await abandon(db);
  const again = await reopen(dir);
  try {
    assert.is(names(again).length, 11);
    assert.is(names(again).at(-1), 'after');
    assert.is(
      again.prepare("SELECT id FROM items WHERE name = 'after'").get<{ id: number }>()?.id,
      lastInsertRowid,
      'the replay after the compacted snapshot gives the same row',
    );
  } finally {
    await again.close();
  }
});

test.run();
