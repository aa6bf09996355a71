import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Test } from 'uvu';
import { createApp } from '../api/app';
import type { App, AppOptions } from '../api/app';
import { loadConfig } from '../api/config';
import { SqliteStore } from '../data/sqlite/sqlite-store';
import { migrate } from '../data/sqlite/migrations';
import { allowTestRoutes, checkAnswer, prepareAnswerCheck } from './answer-check';
import { createTestDatabase, dropTestDatabase } from './postgres-cluster';

export const ADMIN = { username: 'admin', password: 'test-password-123' };

export type TestServer = {
  url: string;
  app: App;
  server: Server;
  dataDir: string;
  /** Stops the server and the app; keeps the data directory unless `remove` is set. */
  close: (options?: { remove?: boolean }) => Promise<void>;
};

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'loop-test-'));
}

/** A migrated embedded store in a temporary data directory for `fn`; closed and removed afterwards. */
export async function withMigratedDatabase(fn: (db: SqliteStore) => Promise<void>): Promise<void> {
  const dir = await makeDataDir();
  const db = await SqliteStore.open({ dir });
  try {
    await migrate(db.database);
    await fn(db);
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Set by scripts/test/test.ts on its PostgreSQL pass: every test server then gets a fresh database on that cluster. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || undefined;
/** The database of each data directory, so a server restarted on the same directory finds its data again. */
const testDatabases = new Map<string, string>();

/** On the PostgreSQL pass, the database that belongs with `dataDir` (made on first use); else undefined. */
export async function testDatabaseFor(dataDir: string): Promise<string | undefined> {
  if (!TEST_POSTGRES_URL) return undefined;
  let url = testDatabases.get(dataDir);
  if (!url) testDatabases.set(dataDir, (url = await createTestDatabase(TEST_POSTGRES_URL)));
  return url;
}

async function dropDatabaseOf(dataDir: string): Promise<void> {
  const url = testDatabases.get(dataDir);
  if (!url || !TEST_POSTGRES_URL) return;
  testDatabases.delete(dataDir);
  await dropTestDatabase(TEST_POSTGRES_URL, url);
}

/** The real app on a free port of 127.0.0.1 with a temporary data directory. */
export async function startServer(
  env: Record<string, string> = {},
  options: AppOptions & { dataDir?: string } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const databaseUrl = env.DATABASE_URL ?? (await testDatabaseFor(dataDir));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    PUBLIC_DIR: resolve(process.env.BUILD_OUT || 'dist', 'public'),
    ...env,
  });
  if (options.extraRoutes) allowTestRoutes(options.extraRoutes);
  prepareAnswerCheck();
  const app = await createApp(config, options);
  const server = createServer(app.handle);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    server,
    dataDir,
    async close({ remove = true } = {}) {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await app.close();
      if (remove) {
        await rm(dataDir, { recursive: true, force: true });
        await dropDatabaseOf(dataDir);
      }
    },
  };
}

export type ApiAnswer = { status: number; headers: Headers; json: Record<string, unknown>; text: string };

export type CallOptions = {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
};

/**
 * One HTTP call; JSON bodies are sent as JSON, a string or FormData as it is. An API answer that
 * does not match the OpenAPI document (test/answer-check.ts) throws.
 */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  checkAnswer({
    method,
    url: base + path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text,
  });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Logs in as the test admin and returns the Cookie header value. */
export async function loginCookie(base: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/admin/login', { body: ADMIN });
  const setCookie = answer.headers.get('set-cookie');
  if (answer.status !== 200 || !setCookie) throw new Error(`login failed: ${answer.status} ${answer.text}`);
  return setCookie.split(';')[0]!;
}

export type AdminServer = { readonly server: TestServer; readonly cookie: string };

/** One server for a whole test file with the admin logged in: started before its tests, closed after them. */
export function adminServer(suite: Test, env: Record<string, string> = {}, options: AppOptions = {}): AdminServer {
  let server: TestServer | undefined;
  let cookie = '';
  suite.before(async () => {
    server = await startServer(env, options);
    cookie = await loginCookie(server.url);
  });
  suite.after(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("adminServer: used outside the suite's tests");
      return server;
    },
    get cookie() {
      return cookie;
    },
  };
}
