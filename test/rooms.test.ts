/**
 * The house's rooms and which may import which: ONE table (`MAY_IMPORT`), checked against every
 * import of every source file (`import`, `import type`, `export ... from`, `import('...')`). An
 * import the table does not allow fails, and so does a folder the table does not know.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The core every feature builds on. */
const CORE = ['api/http', 'api/shared', 'api/messages', 'api/config', 'api/logger', 'api/core-context'] as const;
/** Below every room of api/: the store and the contract. */
const BELOW_API = ['data', 'contract/calls', 'contract/rules', 'contract/build-manifest'] as const;
/** What every feature may import: the core, data/, contract/, and the context type its handlers receive. */
const FEATURE_BASE = [...CORE, ...BELOW_API, 'type:api/context'] as const;

/**
 * Who may import whom. A room imports itself freely. `type:` allows type imports only. A feature
 * (`api/<name>`) is reached by other features only through its surface, `api/<name>/index.ts`
 * (room `api/<name>/index`); the wiring (app, routes, context, server) may import any file.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  web: ['contract/rules', 'contract/build-manifest', 'type:contract/calls'],
  'contract/rules': [],
  'contract/calls': ['contract/rules'],
  'contract/build-manifest': ['type:contract/calls'],
  data: ['contract/calls', 'contract/rules', 'contract/build-manifest', 'data/sqlite', 'data/postgres'],
  'data/sqlite': ['data', 'contract/calls', 'contract/rules', 'contract/build-manifest'],
  'data/postgres': ['data', 'data/sqlite', 'contract/calls', 'contract/rules', 'contract/build-manifest'],
  scripts: ['*'],
  test: ['*'],
  'build.ts': ['*'],

  // api/: the wiring knows every room.
  'api/wiring': ['api/*', ...BELOW_API],
  'api/context': ['type:api/*', ...BELOW_API],
  'api/config': ['api/logger', ...BELOW_API],
  'api/logger': ['type:api/config', ...BELOW_API],
  'api/core-context': ['api/config', 'api/logger', 'api/shared', ...BELOW_API],
  'api/http': ['api/config', 'api/logger', ...BELOW_API],
  'api/messages': ['api/config', 'api/shared', ...BELOW_API],
  'api/shared': ['api/http', 'api/config', 'api/logger', 'api/core-context', 'api/messages', ...BELOW_API],

  // The features: the base, and another feature's surface only where listed.
  'api/account': [...FEATURE_BASE, 'api/licenses/index', 'api/trial/index'],
  'api/activity': [...FEATURE_BASE],
  'api/admin': [...FEATURE_BASE],
  'api/backups': [...FEATURE_BASE, 'api/license-api/index'],
  'api/health': [...FEATURE_BASE],
  'api/images': [...FEATURE_BASE],
  'api/insights': [...FEATURE_BASE],
  'api/license-api': [...FEATURE_BASE, 'api/licenses/index'],
  'api/licenses': [...FEATURE_BASE],
  'api/loopstreams': [...FEATURE_BASE],
  'api/mail': [...FEATURE_BASE],
  'api/orders': [...FEATURE_BASE, 'api/licenses/index'],
  'api/payments': [...FEATURE_BASE],
  'api/prompts': [...FEATURE_BASE, 'api/images/index'],
  'api/settings': [...FEATURE_BASE, 'api/licenses/index'],
  'api/storefront': [...FEATURE_BASE, 'api/images/index'],
  'api/trial': [...FEATURE_BASE, 'api/account/index', 'api/licenses/index'],
  'api/webhooks': [...FEATURE_BASE, 'api/orders/index'],
};

/**
 * A test beside the code (`*.test.ts`, `*.test.tsx`, `*.test-d.ts`) may import what its room may,
 * the shared harness in test/, and what is listed here for its room: the code it checks against.
 */
const TESTS_MAY_ALSO_IMPORT: Record<string, readonly string[]> = {
  '*': ['test'],
  data: ['api/licenses'],
  web: ['api/storefront'],
  'contract/calls': ['api/wiring'],
};

/** Packages a room must never import. */
const NEVER_PACKAGE: Record<string, readonly string[]> = {
  'contract/rules': ['@sinclair/typebox'],
};

/** api/'s own files that set up and route every feature. */
const WIRING = new Set(['app', 'routes', 'server', 'memory-tuning', 'routes.test', 'routes.test-d']);

/** The room of a repository path (`api/orders/order-plan.ts` → `api/orders`); undefined outside the rooms. */
function roomOf(path: string): string | undefined {
  const parts = path.split('/');
  const [top, second] = parts;
  if (parts.length === 1) return path === 'build.ts' ? 'build.ts' : undefined;
  if (top === 'data' && (second === 'sqlite' || second === 'postgres')) return `data/${second}`;
  if (top === 'web' || top === 'data' || top === 'scripts' || top === 'test') return top;
  if (top === 'contract') {
    return second === 'build-manifest.ts' ? 'contract/build-manifest' : `contract/${second}`;
  }
  if (top !== 'api' || second === undefined) return undefined;
  if (parts.length === 2) {
    const name = second.replace(/\.(ts|tsx)$/, '');
    return WIRING.has(name) ? 'api/wiring' : `api/${name.replace(/\.test$/, '')}`;
  }
  if (parts.length === 3 && parts[2] === 'index.ts') return `api/${second}/index`;
  return `api/${second}`;
}

/** Whether `from` may import `to` (a room, or `package:<name>`), as a type only or as a value. */
export function allowed(from: string, to: string, typeOnly: boolean): boolean {
  if (to.startsWith('package:')) return !(NEVER_PACKAGE[from] ?? []).some((name) => to === `package:${name}`);
  if (from === to || to === `${from}/index` || from === `${to.replace(/\/index$/, '')}/index`) return true;
  const rules = MAY_IMPORT[from] ?? [];
  return rules.some((rule) => {
    const [kind, room] = rule.startsWith('type:') ? ['type', rule.slice(5)] : ['value', rule];
    if (kind === 'type' && !typeOnly) return false;
    if (room === '*') return true;
    if (room.endsWith('/*')) return to.startsWith(room.slice(0, -1));
    return to === room;
  });
}

function testMayImport(room: string, to: string | undefined): boolean {
  const extra = [...TESTS_MAY_ALSO_IMPORT['*']!, ...(TESTS_MAY_ALSO_IMPORT[room] ?? [])];
  return to !== undefined && extra.includes(to);
}

type Import = { specifier: string; typeOnly: boolean };

/** Every import of a source file: static, type-only, re-exports, dynamic `import()` and `typeof import()`. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name && !!named && named.elements.length > 0 && named.elements.every((item) => item.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const SKIP = new Set(['node_modules', 'dist', '.tmp', '.git', 'var']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(path);
  }
  return out;
}

/** A relative specifier as the repository path it names (`api/shared/plans.ts`), as the bundler resolves it. */
function resolveRelative(file: string, specifier: string): string {
  const base = resolve(dirname(file), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, join(base, 'index.ts')];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
  return relative(ROOT, found).split('\\').join('/');
}

function targetOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return roomOf(resolveRelative(file, specifier));
  if (specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return `package:${specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`;
}

const DIRS = ['api', 'contract', 'data', 'web', 'scripts', 'test'];
const FILES = [...DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))), join(ROOT, 'build.ts')];

test('rooms: every source file lies in a room the table knows', () => {
  const unknown = FILES.map((file) => relative(ROOT, file).split('\\').join('/')).filter((path) => {
    const room = roomOf(path);
    return room === undefined || !(room.replace(/\/index$/, '') in MAY_IMPORT);
  });
  assert.equal(unknown, [], 'a new room needs its row in MAY_IMPORT');
});

test('rooms: every import is one the table allows', () => {
  const wrong: string[] = [];
  for (const file of FILES) {
    const path = relative(ROOT, file).split('\\').join('/');
    const from = roomOf(path);
    if (!from) continue;
    for (const { specifier, typeOnly } of importsOf(file)) {
      const to = targetOf(file, specifier);
      const byTest = /\.test(-d)?\.tsx?$/.test(path) && testMayImport(from, to);
      if (to && !byTest && !allowed(from, to, typeOnly)) {
        wrong.push(`${path}: ${typeOnly ? 'type ' : ''}'${specifier}' (${from} → ${to})`);
      }
    }
  }
  assert.equal(wrong, []);
});

test('rooms: the table says no where the house says never', () => {
  const nevers: Array<[from: string, to: string, typeOnly: boolean]> = [
    ['web', 'api/http', true],
    ['web', 'data', true],
    ['web', 'contract/calls', false],
    ['contract/rules', 'contract/calls', true],
    ['contract/rules', 'package:@sinclair/typebox', false],
    ['contract/calls', 'api/http', true],
    ['data', 'api/shared', true],
    ['data', 'web', true],
    ['api/shared', 'test', true],
    ['data', 'scripts', true],
    ['api/backups', 'data/sqlite', true],
    ['api/http', 'api/context', true],
    ['api/shared', 'api/context', true],
    ['api/http', 'api/orders', true],
    ['api/shared', 'api/licenses/index', false],
    ['api/orders', 'api/licenses', false],
    ['api/orders', 'api/webhooks/index', false],
    ['api/orders', 'api/context', false],
    ['api/prompts', 'api/images', false],
    ['api/storefront', 'api/prompts/index', false],
    ['api/prompts', 'api/storefront/index', false],
  ];
  for (const [from, to, typeOnly] of nevers) assert.not.ok(allowed(from, to, typeOnly), `${from} → ${to}`);
  assert.ok(allowed('web', 'contract/calls', true));
  assert.ok(allowed('api/orders', 'api/context', true));
  assert.ok(allowed('api/orders', 'api/licenses/index', false));
});

test.run();
