/**
 * CONTRIBUTING's rooms table is the one description of the layout: every folder it names exists,
 * and every folder of the code's top-level rooms is named in it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeSpans, firstTable, readDoc, section } from './markdown-doc';

const ROOMS = ['api', 'contract', 'data', 'scripts', 'web'];

/** The folders the table's first column names: `api/http/`, `web/admin/`... */
function namedFolders(): string[] {
  const rows = firstTable(section(readDoc('CONTRIBUTING.md'), '## The rooms'));
  return rows.flatMap(([folders = '']) => codeSpans(folders)).filter((span) => span.endsWith('/'));
}

/** A folder git would keep: one holding a file somewhere below it (installed packages left out). */
function holdsFiles(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some(
    (entry) =>
      entry.isFile() || (entry.isDirectory() && entry.name !== 'node_modules' && holdsFiles(join(dir, entry.name))),
  );
}

const subfolders = (room: string): string[] =>
  readdirSync(room, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && holdsFiles(join(room, entry.name)))
    .map((entry) => `${room}/${entry.name}/`);

test('every folder the rooms table names exists', () => {
  const named = namedFolders();
  assert.ok(named.length > 20, 'the table names the folders');
  assert.equal(
    named.filter((folder) => !existsSync(folder) || !statSync(folder).isDirectory()),
    [],
  );
});

test('every folder of api/, contract/, data/, scripts/ and web/ is named in the rooms table', () => {
  const named = new Set(namedFolders());
  const folders = [...ROOMS.map((room) => `${room}/`), ...ROOMS.flatMap(subfolders)];
  assert.equal(
    folders.filter((folder) => !named.has(folder)),
    [],
  );
});

test.run();
