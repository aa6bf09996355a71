import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sqliteFile } from '../../test/sqlite-file-fixture';
import { proveBackup } from './prove-backup';

const FILE = 'loopshop-2026-11-27T03-00-00-000Z.sqlite';

async function withBackup(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-prove-'));
  try {
    const bytes = await sqliteFile(
      "CREATE TABLE licenses (email TEXT); CREATE TABLE prompts (title TEXT); INSERT INTO licenses VALUES ('first@example.com'), ('second@example.com');",
    );
    await writeFile(join(dir, FILE), bytes);
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('proveBackup: opens the copy apart and counts every table', () =>
  withBackup(async (dir) => {
    const proof = await proveBackup('sqlite', dir, FILE);
    assert.equal(proof.counts, { licenses: 2, prompts: 0 });
    assert.match(proof.sha256, /^[0-9a-f]{64}$/);
  }));

test('proveBackup: a byte changed inside a row still opens, but fails against what the copy held', () =>
  withBackup(async (dir) => {
    const made = await proveBackup('sqlite', dir, FILE);
    const bytes = await readFile(join(dir, FILE));
    const at = bytes.indexOf('second@example.com');
    bytes[at] = 'S'.charCodeAt(0);
    await writeFile(join(dir, FILE), bytes);
    // SQLite alone sees nothing wrong: the page is well formed.
    assert.equal((await proveBackup('sqlite', dir, FILE)).counts, made.counts);
    try {
      await proveBackup('sqlite', dir, FILE, { sha256: made.sha256, counts: made.counts });
      assert.unreachable('a changed file must fail');
    } catch (error) {
      assert.match((error as Error).message, 'changed on disk');
    }
  }));

test('proveBackup: other rows than when it was made, or a missing file, fail', () =>
  withBackup(async (dir) => {
    try {
      await proveBackup('sqlite', dir, FILE, { sha256: null, counts: { licenses: 3, prompts: 0 } });
      assert.unreachable();
    } catch (error) {
      assert.match((error as Error).message, 'licenses has 2 rows, 3 when it was made');
    }
    try {
      await proveBackup('sqlite', dir, 'loopshop-2026-11-27T04-00-00-000Z.sqlite');
      assert.unreachable();
    } catch (error) {
      assert.match((error as Error).message, 'is not in');
    }
  }));

test.run();
