import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeLine, encodeEntry, journalFileName, JournalWriter, listJournalFiles, readJournal } from './journal';
import type { JournalEntry } from './journal';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-journal-'));
  dirs.push(dir);
  return dir;
}
test.after(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const entry = (seq: number): JournalEntry => ({
  seq,
  stmts: [['INSERT INTO t VALUES (?, ?)', [seq, `line ${seq}\n"quoted"`]]],
});

test('encodeEntry/decodeLine: round trip, bytes included', () => {
  const original: JournalEntry = {
    seq: 7,
    stmts: [['INSERT INTO t VALUES (?, ?, ?)', [null, 1.5, new Uint8Array([0, 1, 254])]]],
  };
  const line = encodeEntry(original);
  assert.ok(line.endsWith('\n'));
  assert.is(line.indexOf('\n'), line.length - 1, 'one line, whatever the text holds');
  const decoded = decodeLine(line.slice(0, -1));
  assert.is(decoded?.seq, 7);
  const params = decoded?.stmts[0]?.[1] ?? [];
  assert.is(params[0], null);
  assert.is(params[1], 1.5);
  assert.instance(params[2], Uint8Array);
  assert.equal([...(params[2] as Uint8Array)], [0, 1, 254]);
});

test('decodeLine: a damaged or cut line is refused', () => {
  const line = encodeEntry(entry(1)).slice(0, -1);
  assert.is(decodeLine(line.slice(0, -3)), undefined);
  assert.is(decodeLine(line.replace('line 1', 'line 2')), undefined);
  assert.is(decodeLine('garbage'), undefined);
});

test('journalFileName: sortable by generation', () => {
  assert.is(journalFileName(12), 'journal-000000000012.log');
});

test('JournalWriter: concurrent appends are all written, in order (group commit)', async () => {
  const dir = await tempDir();
  const writer = await JournalWriter.open(dir, 1);
  await Promise.all(Array.from({ length: 100 }, (_, index) => writer.append(encodeEntry(entry(index + 1)))));
  assert.ok(writer.idle);
  await writer.close();
  const { entries, tornFiles } = await readJournal(dir);
  assert.equal(tornFiles, []);
  assert.equal(
    entries.map((item) => item.seq),
    Array.from({ length: 100 }, (_, index) => index + 1),
  );
});

test('JournalWriter: after a failed write every later append is refused', async () => {
  const dir = await tempDir();
  const writer = await JournalWriter.open(dir, 1);
  await (writer as unknown as { handle: { close(): Promise<void> } }).handle.close();
  const first = await writer.append('x\n').then(
    () => 'ok',
    () => 'refused',
  );
  const second = await writer.append('y\n').then(
    () => 'ok',
    () => 'refused',
  );
  assert.equal([first, second], ['refused', 'refused']);
  assert.ok(writer.failed);
});

test('readJournal: files in generation order; a bad line ends only its own file', async () => {
  const dir = await tempDir();
  await writeFile(join(dir, journalFileName(2)), encodeEntry(entry(3)));
  await writeFile(join(dir, journalFileName(1)), encodeEntry(entry(1)) + '00000000 torn\n' + encodeEntry(entry(2)));
  await writeFile(join(dir, 'journal-notes.txt'), 'ignored');
  const files = await listJournalFiles(dir);
  assert.equal(
    files.map((file) => file.generation),
    [1, 2],
  );
  const { entries, tornFiles } = await readJournal(dir);
  assert.equal(
    entries.map((item) => item.seq),
    [1, 3],
  );
  assert.equal(tornFiles, [journalFileName(1)]);
  assert.match(await readFile(join(dir, journalFileName(2)), 'utf8'), '"seq":3');
});

type HandleInternals = { handle: { datasync(): Promise<void>; close(): Promise<void> } };

test('JournalWriter.after: the next file writes nothing until the previous one is on disk', async () => {
  const dir = await tempDir();
  const first = await JournalWriter.open(dir, 1);
  const second = await JournalWriter.open(dir, 2);
  // Hold the first file's fsync, as a slow disk would.
  const handle = (first as unknown as HandleInternals).handle;
  const realSync = handle.datasync.bind(handle);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let syncing!: () => void;
  const reached = new Promise<void>((resolve) => (syncing = resolve));
  handle.datasync = async () => {
    syncing();
    await held;
    return realSync();
  };
  const secondHandle = (second as unknown as { handle: { write: (...args: unknown[]) => Promise<unknown> } }).handle;
  const realWrite = secondHandle.write.bind(secondHandle);
  let secondWrites = 0;
  secondHandle.write = (...args: unknown[]) => {
    secondWrites += 1;
    return realWrite(...args);
  };
  const order: string[] = [];
  const earlier = first.append(encodeEntry(entry(1))).then(() => order.push('first'));
  second.after(first);
  const later = second.append(encodeEntry(entry(2))).then(() => order.push('second'));
  // The first file is written and its fsync held; what that set off in microtasks has run by the next macrotask.
  await reached;
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(secondWrites, 0, 'the second file has not started writing');
  assert.is(await readFile(join(dir, journalFileName(2)), 'utf8'), '', 'nothing written yet');
  assert.equal(order, []);
  release();
  await Promise.all([earlier, later]);
  assert.equal(order, ['first', 'second']);
  await first.close();
  await second.close();
  assert.equal(
    (await readJournal(dir)).entries.map((item) => item.seq),
    [1, 2],
  );
});

test('JournalWriter.after: if the previous file failed, the next one refuses too (no gap on disk)', async () => {
  const dir = await tempDir();
  const first = await JournalWriter.open(dir, 1);
  const second = await JournalWriter.open(dir, 2);
  await (first as unknown as HandleInternals).handle.close();
  const earlier = first.append(encodeEntry(entry(1))).then(
    () => 'ok',
    () => 'refused',
  );
  second.after(first);
  const later = second.append(encodeEntry(entry(2))).then(
    () => 'ok',
    () => 'refused',
  );
  assert.equal(await Promise.all([earlier, later]), ['refused', 'refused']);
  assert.ok(second.failed);
  await second.close();
  assert.is(await readFile(join(dir, journalFileName(2)), 'utf8'), '');
});

test.run();
