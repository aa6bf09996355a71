import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { launchBrowser } from '../browser-harness';
import { ADMIN, startServer } from '../harness';

/**
 * A new deploy is picked up on the next visit: the page comes from the network, the new service
 * worker takes over at once, and the old version's caches are deleted. The "deploy" is a copy of
 * the build with a marked page and a service worker of another version, served on the same port.
 */

const PUBLIC_DIR = resolve(process.env.BUILD_OUT || 'dist', 'public');
const NEW_VERSION = 'deployB000000000';

const cacheNames = (page: Page): Promise<string[]> => page.evaluate(() => caches.keys());

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const timeout = new Promise<false>((done) => setTimeout(() => done(false), Math.max(0, deadline - Date.now())));
    if (await Promise.race([check(), timeout])) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The build, redeployed: /prompts carries a marker in its head and sw.js another version. */
async function makeDeploy(oldVersion: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-deploy-'));
  await cp(PUBLIC_DIR, dir, { recursive: true });
  const page = join(dir, 'prompts.html');
  const html = await readFile(page, 'utf8');
  await writeFile(page, html.replace('</head>', '<meta name="deploy" content="b"></head>'));
  const worker = join(dir, 'sw.js');
  const code = await readFile(worker, 'utf8');
  assert.ok(code.includes(oldVersion), 'the worker carries its version');
  await writeFile(worker, code.replaceAll(oldVersion, NEW_VERSION));
  // Precompressed copies would still hold the old bytes.
  for (const file of [page, worker]) for (const suffix of ['.br', '.gz']) await rm(file + suffix, { force: true });
  return dir;
}

test('service worker: a new deploy shows on the next visit and replaces the old caches', async () => {
  const first = await startServer();
  const port = Number(new URL(first.url).port);
  const browser = await launchBrowser();
  let deployDir: string | undefined;
  let second: { close: () => Promise<void> } | undefined;
  let firstOpen = true;
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${first.url}/prompts`);
    await waitFor(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => true)), 'the first worker');
    const oldNames = await cacheNames(page);
    const oldVersion = oldNames.find((name) => name.startsWith('loopshop-shell-'))?.slice('loopshop-shell-'.length);
    assert.ok(oldVersion, `a versioned shell cache: ${oldNames.join(', ')}`);

    deployDir = await makeDeploy(oldVersion);
    await first.close({ remove: false });
    firstOpen = false;
    const config = loadConfig({
      DATA_DIR: first.dataDir,
      PUBLIC_DIR: deployDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config);
    const server = createServer(app.handle);
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    second = {
      close: async () => {
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
        await app.close();
      },
    };

    await page.goto(`${first.url}/prompts`);
    assert.is(await page.locator('meta[name="deploy"]').count(), 1, 'the new page, not the cached one');
    await waitFor(async () => {
      const names = await cacheNames(page);
      return names.includes(`loopshop-shell-${NEW_VERSION}`) && !names.some((name) => name.includes(oldVersion));
    }, 'the new worker to replace the old caches');

    await context.setOffline(true);
    await page.reload();
    await page.locator('h1').waitFor();
    assert.is(await page.locator('meta[name="deploy"]').count(), 1, 'offline, the new version is served');
    await context.close();
  } finally {
    await browser.close();
    if (firstOpen) await first.close({ remove: false });
    await second?.close();
    await rm(first.dataDir, { recursive: true, force: true });
    if (deployDir) await rm(deployDir, { recursive: true, force: true });
  }
});

test.run();
