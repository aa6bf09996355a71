/**
 * `npm test`: type check, formatter check, build, unit and component tests (beside the code), HTTP tests
 * (test/http), browser tests (test/browser, in Debian's Chromium). Each test file runs in its own
 * process; uvu's totals are summed. Ends with `N passed, N failed`.
 * The HTTP tests run twice: on the embedded store, then on PostgreSQL in a throwaway cluster
 * started for the run (skipped with a line when PostgreSQL is not installed; REQUIRE_POSTGRES=1
 * makes that a failure). A file marked `// store: embedded only` or `postgres only` runs once.
 * `npm test -- licenses` runs only the files whose path contains "licenses" (skips check and build
 * when the filter is given and dist/ exists).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromePath } from '../../test/browser-harness';
import { cpuUse, filesFor, startTestCluster, stopTestCluster } from './test-stores';

type Outcome = { passed: number; failed: number; skipped: number };
const total: Outcome = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const requireBrowser = process.env.REQUIRE_BROWSER === '1';
const requirePostgres = process.env.REQUIRE_POSTGRES === '1';

/**
 * Browser test files at a time: two keep both cores busy (a Chromium and a server each) and take
 * the phase from ~380 s to ~290 s here; TEST_BROWSER_PARALLEL=1 runs them one by one.
 */
const BROWSER_PARALLEL = Math.max(1, Number(process.env.TEST_BROWSER_PARALLEL ?? 2) || 1);
/** A hung test file (a browser that never answers...) fails on its own instead of hanging the run. */
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_S ?? 300) * 1000;
/** Process groups of the running steps: each step and whatever it started (servers, browsers). */
const running = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    for (const pid of running) killGroup(pid);
    void stopTestCluster().finally(() => process.exit(130));
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    let output = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid);
    }, FILE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pid !== undefined) running.delete(pid);
      if (timedOut) output += `\n✘ killed after ${FILE_TIMEOUT_MS / 1000} s (TEST_FILE_TIMEOUT_S)\n`;
      resolve({ code: timedOut ? 1 : (code ?? 1), output });
    });
  });
}

async function findTests(dir: string, skip: (path: string) => boolean = () => false): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes('node_modules') && !skip(path))
    .filter((path) => filters.length === 0 || filters.some((filter) => path.includes(filter)))
    .sort();
}

async function step(name: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  const result = await run(command, args);
  const ok = result.code === 0;
  if (ok) total.passed++;
  else {
    total.failed++;
    failures.push(name);
    process.stdout.write(result.output);
  }
  console.log(`${ok ? '✓' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

const strip = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

async function runTestFile(file: string, env: NodeJS.ProcessEnv = {}, label = ''): Promise<void> {
  const started = Date.now();
  const result = await run(process.execPath, ['--import', 'tsx', file], { LOG_LEVEL: 'silent', ...env });
  const text = strip(result.output);
  const count = (label: string): number => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  const outcome: Outcome = { passed: count('Passed'), failed: 0, skipped: count('Skipped') };
  outcome.failed = Math.max(count('Total') - outcome.passed - outcome.skipped, 0);
  if (result.code !== 0 && outcome.failed === 0) outcome.failed = 1;
  total.passed += outcome.passed;
  total.failed += outcome.failed;
  total.skipped += outcome.skipped;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const name = label ? `${file} [${label}]` : file;
  if (outcome.failed > 0) {
    failures.push(name);
    process.stdout.write(result.output);
    console.log(`✘ ${name}: ${outcome.passed} passed, ${outcome.failed} failed (${seconds} s)`);
  } else {
    console.log(`✓ ${name}: ${outcome.passed} passed (${seconds} s)`);
  }
}

/** Runs files with at most `parallel` at a time (the machines have 2 cores). */
async function runAll(files: string[], parallel: number, env: NodeJS.ProcessEnv = {}, label = ''): Promise<void> {
  const queue = [...files];
  await Promise.all(
    Array.from({ length: Math.min(parallel, queue.length) }, async () => {
      for (let file = queue.shift(); file && !interrupted; file = queue.shift()) await runTestFile(file, env, label);
    }),
  );
}

/** One pass of the HTTP tests, timed. */
async function httpPass(name: string, files: string[], env: NodeJS.ProcessEnv, label = ''): Promise<void> {
  if (files.length === 0) return;
  const started = performance.now();
  const cpu = cpuUse();
  await runAll(files, 2, env, label);
  const after = cpuUse();
  const postgres = label ? `, ${Math.max(0, after.postgres - cpu.postgres).toFixed(0)} s in PostgreSQL` : '';
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `- HTTP tests on ${name}: ${files.length} files in ${seconds} s (CPU: ${(after.tests - cpu.tests).toFixed(0)} s in test processes${postgres})`,
  );
}

/** The PostgreSQL pass: its cluster was started beside the earlier steps. */
async function postgresPass(files: string[], starting: ReturnType<typeof startTestCluster>): Promise<void> {
  const start = await starting;
  if (start.state === 'started')
    return httpPass('PostgreSQL', files, { TEST_POSTGRES_URL: start.cluster.url }, 'postgres');
  const why =
    start.state === 'missing'
      ? 'PostgreSQL is not installed (apt-get install postgresql)'
      : `the test cluster did not start: ${start.error}`;
  if (start.state === 'failed' || requirePostgres) {
    total.failed++;
    failures.push(`PostgreSQL pass: ${why}`);
    console.log(`✘ PostgreSQL pass: ${why}${requirePostgres ? ' (REQUIRE_POSTGRES=1)' : ''}`);
  } else {
    total.skipped += files.length;
    console.log(`- PostgreSQL pass skipped (${files.length} files): ${why}`);
  }
}

const runStarted = performance.now();
const quick =
  filters.length > 0 &&
  existsSync(join(process.env.BUILD_OUT || 'dist', 'server.js')) &&
  !process.argv.includes('--full');
if (!quick) {
  await step('type check (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  await step('formatter (prettier --check)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
  await step('build', 'npx', ['tsx', 'build.ts']);
}

const isBrowser = (path: string): boolean => path.startsWith(join('test', 'browser'));
const isHttp = (path: string): boolean => path.startsWith(join('test', 'http'));
const unitFiles = (
  await Promise.all(
    ['api', 'contract', 'data', 'web', 'scripts', 'test'].map((dir) =>
      findTests(dir, (p) => isBrowser(p) || isHttp(p)),
    ),
  )
).flat();
const httpFiles = await findTests(join('test', 'http'));
const postgresFiles = await filesFor('postgres', httpFiles);
// Started now, while the unit tests run; stopped and removed at the end, also after a failure.
const clusterStarting = postgresFiles.length > 0 ? startTestCluster() : undefined;
try {
  await runAll(unitFiles, 2);
  await httpPass('the embedded store', await filesFor('embedded', httpFiles), { TEST_POSTGRES_URL: '' });
  if (clusterStarting) await postgresPass(postgresFiles, clusterStarting);
} finally {
  await clusterStarting;
  await stopTestCluster();
}

const browserFiles = await findTests(join('test', 'browser'));
if (browserFiles.length > 0) {
  if (chromePath()) await runAll(browserFiles, BROWSER_PARALLEL);
  else if (requireBrowser) {
    total.failed++;
    failures.push('browser tests: Chromium not found (REQUIRE_BROWSER=1)');
    console.log('✘ browser tests: Chromium not found and REQUIRE_BROWSER=1');
  } else {
    total.skipped += browserFiles.length;
    console.log(`- browser tests skipped: no Chromium (install Debian's chromium or set CHROME_PATH)`);
  }
}

if (failures.length > 0) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
console.log(`\ntook ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(interrupted ? 130 : total.failed > 0 ? 1 : 0);
