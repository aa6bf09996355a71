/**
 * What the documents point at exists: every relative link (and the heading it names), every path of
 * the checkout written in a code span, and every bench a document names.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { anchorsOf, codeSpans, firstTable, markdownFiles, readDoc, section, withoutFences } from './markdown-doc';

const FILES = markdownFiles();

test('every relative link of a document reaches a file, and a heading when it names one', () => {
  const broken: string[] = [];
  for (const file of FILES) {
    const text = withoutFences(readDoc(file));
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const linked = path === '' ? file : normalize(join(dirname(file), path));
      if (!existsSync(linked)) broken.push(`${file}: ${target} (no file)`);
      else if (anchor && linked.endsWith('.md') && !anchorsOf(readDoc(linked)).has(anchor))
        broken.push(`${file}: ${target} (no heading)`);
    }
  }
  assert.equal(broken, []);
});

/** A code span that is a path of the checkout: `api/http/router.ts`, `scripts/deploy/`... (no pattern). */
const PATH_SPAN = /^(?:api|contract|data|web|scripts|test|docs)\/[\w./@-]*$/;

test('every path of the checkout a document names exists', () => {
  const missing: string[] = [];
  for (const file of FILES) {
    for (const span of codeSpans(withoutFences(readDoc(file)))) {
      if (PATH_SPAN.test(span) && !existsSync(span) && !existsSync(join(dirname(file), span)))
        missing.push(`${file}: ${span}`);
    }
  }
  assert.equal(missing, []);
});

const benchFile = (name: string): string => join('scripts', 'bench', `bench-${name}.ts`);

test('every bench a document names is a bench file', () => {
  const rows = firstTable(section(readDoc('docs/performance.md'), '## Benches: `npm run bench`'));
  const named = rows.map(([bench = '']) => codeSpans(bench)[0] ?? bench);
  for (const file of FILES) {
    for (const [, name = ''] of readDoc(file).matchAll(/npm run bench -- ([a-z-]+)/g)) named.push(name);
  }
  assert.ok(named.length > 10);
  assert.equal(
    named.filter((name) => !existsSync(benchFile(name))),
    [],
  );
});

test.run();
