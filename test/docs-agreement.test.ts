/**
 * The documents say what the code does: the licence codes tables, the page list, the configuration
 * table and every call a document names are read from the Markdown and compared with the code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CALLS } from '../contract/calls/calls';
import { LICENSE_CODES } from '../contract/calls/license-answer';
import { PATHS } from '../contract/rules/paths';
import { ALLOCATOR_ENVIRONMENT } from '../api/memory-tuning';
import { BUYER_CAN_FIX } from '../api/messages/license-app-messages';
import { PAGE_META } from '../web/content/page-meta';
import { codeSpans, firstTable, markdownFiles, readDoc, section } from './markdown-doc';

const LICENSE_TAG = 'Licence API (desktop app)';
const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** Every code each licence call can answer, with the statuses that carry it, read from the calls' answers. */
function answeredCodes(): Map<string, Set<number>> {
  const codes = new Map<string, Set<number>>();
  for (const call of CALLS.filter((each) => each.tag === LICENSE_TAG)) {
    for (const [status, answer] of Object.entries(call.answers)) {
      // A refusal is LicenseAnswer intersected with its narrowed codes: a code it can carry is in every part.
      const parts = (answer as { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> }).allOf ?? [];
      const enums = parts.map((part) => part.properties?.code?.enum).filter((words) => words !== undefined);
      const carried = enums.length ? enums.reduce((left, right) => left.filter((code) => right.includes(code))) : [];
      for (const code of carried) codes.set(code, (codes.get(code) ?? new Set()).add(Number(status)));
    }
  }
  return codes;
}

function codesTable(doc: string, heading: string): Array<{ code: string; statuses: number[]; cell: string }> {
  return firstTable(section(readDoc(doc), heading)).map(([code = '', http = '']) => ({
    code: codeSpans(code)[0] ?? code,
    statuses: sorted((http.match(/\b[1-5]\d\d\b/g) ?? []).map(String)).map(Number),
    cell: http,
  }));
}

for (const [doc, heading] of [
  ['docs/license-api.md', '## Codes'],
  ['docs/spec.md', '### Licence API codes'],
] as const) {
  test(`${doc}: the codes table lists every code the licence API answers, each with its statuses`, () => {
    const answered = answeredCodes();
    const rows = codesTable(doc, heading);
    assert.equal(sorted(rows.map((row) => row.code)), sorted(LICENSE_CODES), 'the codes');
    assert.equal(sorted(answered.keys()), sorted(LICENSE_CODES), 'the calls answer every code');
    for (const row of rows) {
      const statuses = [...(answered.get(row.code) ?? [])].sort((a, b) => a - b);
      assert.equal(row.statuses, statuses, `${row.code}: the HTTP statuses`);
    }
  });
}

test('docs/license-api.md: the codes marked with account_url are those a buyer can fix on /lisensi', () => {
  for (const row of codesTable('docs/license-api.md', '## Codes')) {
    assert.is(row.cell.includes('account_url'), BUYER_CAN_FIX.has(row.code as never), row.code);
  }
});

test("README: the page list is the site's routes", () => {
  const rows = firstTable(section(readDoc('README.md'), '# LoopBOT & LoopStream shop'));
  const listed = rows.map(([page = '']) => codeSpans(page)[0] ?? page);
  assert.equal(sorted(listed), sorted(Object.values(PATHS)));
  for (const meta of PAGE_META) assert.ok(listed.includes(meta.path), meta.path);
});

test('docs/spec.md: the public routes named are the pages the site renders', () => {
  const named = codeSpans(section(readDoc('docs/spec.md'), '### Public routes'));
  assert.equal(sorted(named.filter((span) => span.startsWith('/'))), sorted(Object.values(PATHS)));
});

/** Source files (tests left out) under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) => /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$|\.d\.ts$/.test(name) && !name.includes('node_modules'),
    )
    .map((name) => join(dir, name));
}

/** Environment variables the code reads: `env.NAME`, `env['NAME']`, `(env, 'NAME'` (api/config.ts's readers). */
function variablesReadBy(files: string[]): string[] {
  const names = files.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\]|, '([A-Z][A-Z0-9_]*)')/g,
      ),
    ].map((match) => match[1] ?? match[2] ?? match[3]!),
  );
  return sorted(names.filter((name) => name !== 'PATH'));
}

test("README: the configuration table lists every variable the server and the operator's scripts read", () => {
  const rows = firstTable(section(readDoc('README.md'), '## Configuration'));
  const listed = rows.flatMap(([variable = '']) => codeSpans(variable));
  const read = [
    ...variablesReadBy([...sources('api'), ...sources('data'), ...sources('scripts/tasks')]),
    ...Object.keys(ALLOCATOR_ENVIRONMENT),
  ];
  assert.equal(sorted(listed), sorted(read));
});

test('every environment variable the tests, benches, audits and tools read is explained in a document', () => {
  const docs = markdownFiles()
    .map((file) => readDoc(file))
    .join('\n');
  const read = variablesReadBy([...sources('scripts'), ...sources('test'), 'build.ts']);
  const missing = read.filter((name) => !new RegExp(`\\b${name}\\b`).test(docs));
  assert.equal(missing, []);
});

/** A call as documents write it: `POST /api/license/extend/:id` → `POST /api/license/extend/{}`. */
const callKey = (method: string, path: string): string =>
  `${method} ${path.replace(/\?.*$/, '').replace(/\/(:\w+|\{\w+\})/g, '/{}')}`;

test('every call a document names is a call of the contract', () => {
  const known = new Set(CALLS.map((call) => callKey(call.method, call.path)));
  for (const file of markdownFiles()) {
    for (const span of codeSpans(readDoc(file))) {
      const match = /^(GET|POST|PUT|DELETE) (\/api\/\S*)$/.exec(span);
      if (match) assert.ok(known.has(callKey(match[1]!, match[2]!)), `${file}: ${span}`);
    }
  }
});

test('docs/license-api.md: the calls table lists the calls of the licence API', () => {
  const rows = firstTable(section(readDoc('docs/license-api.md'), '## Calls'));
  const listed = rows.map(([call = '']) => {
    const [method = '', path = ''] = (codeSpans(call)[0] ?? '').split(' ');
    return callKey(method, path);
  });
  const declared = CALLS.filter((call) => call.tag === LICENSE_TAG).map((call) => callKey(call.method, call.path));
  assert.equal(sorted(listed), sorted(declared));
});

test.run();
