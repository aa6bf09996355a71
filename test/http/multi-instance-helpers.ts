/**
 * Two instances of the built server on one PostgreSQL database, as behind a proxy: each its own
 * process, data directory and connection pool; nothing shared but the database. The test also
 * opens a store of its own on that database to look at rows and to run jobs as a third instance.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Test } from 'uvu';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { startChildServer, stopChildServer } from '../child-server';
import type { ChildServer } from '../child-server';
import { ADMIN, call, TEST_POSTGRES_URL } from '../harness';
import type { ApiAnswer, CallOptions } from '../harness';
import { createTestDatabase, dropTestDatabase } from '../postgres-cluster';

export type Instance = ChildServer & { name: 'A' | 'B'; dataDir: string };

export type Instances = {
  a: Instance;
  b: Instance;
  databaseUrl: string;
  /** The test's own connection to the shared database. */
  db: PostgresStore;
  /** Stops both (SIGTERM), closes the store, drops the database. */
  stop: () => Promise<void>;
};

/** Limits high enough for the races below, low where a test counts hits across instances. */
export const INSTANCE_ENV: Record<string, string> = {
  TRUST_PROXY: '1',
  LOG_LEVEL: 'error',
  LICENSE_RATE_PER_IP_PER_MIN: '100000',
  LICENSE_ACTIVATE_PER_HOUR: '1000',
  LICENSE_VALIDATE_PER_HOUR: '6',
  LICENSE_UNKNOWN_KEY_LIMIT: '4',
  LOGIN_MAX_FAILURES: '5',
};

/** Both instances start at the same moment: migrations, the admin and the signing key are made once. */
export async function startInstances(env: Record<string, string> = {}): Promise<Instances> {
  if (!TEST_POSTGRES_URL) throw new Error('multi-instance tests need TEST_POSTGRES_URL (npm test starts a cluster)');
  const databaseUrl = await createTestDatabase(TEST_POSTGRES_URL);
  const dirs = await Promise.all(['A', 'B'].map((name) => mkdtemp(join(tmpdir(), `loop-instance-${name}-`))));
  const [a, b] = await Promise.all(
    (['A', 'B'] as const).map(async (name, index): Promise<Instance> => {
      const server = await startChildServer(dirs[index]!, { ...INSTANCE_ENV, ...env, DATABASE_URL: databaseUrl });
      return Object.assign(server, { name, dataDir: dirs[index]! });
    }),
  );
  const db = await PostgresStore.open({ url: databaseUrl, maxConnections: 4 });
  return {
    a: a!,
    b: b!,
    databaseUrl,
    db,
    async stop() {
      await Promise.all([a!, b!].map((instance) => stopChildServer(instance, 'SIGTERM')));
      await db.close();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
      await dropTestDatabase(TEST_POSTGRES_URL!, databaseUrl);
    },
  };
}

export type TwoInstances = Omit<Instances, 'stop'> & { readonly cookie: string };

/** Two instances for a whole test file, the admin logged in on A: started before its tests, stopped after them. */
export function twoInstances(suite: Test, env: Record<string, string> = {}): TwoInstances {
  let run: Instances | undefined;
  let cookie = '';
  suite.before(async () => {
    run = await startInstances(env);
    cookie = await login(run.a);
  });
  suite.after(async () => {
    await run?.stop();
  });
  const started = (): Instances => {
    if (!run) throw new Error("twoInstances: used outside the suite's tests");
    return run;
  };
  return {
    get a() {
      return started().a;
    },
    get b() {
      return started().b;
    },
    get db() {
      return started().db;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    get cookie() {
      return cookie;
    },
  };
}

export function on(instance: Instance, method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  return call(instance.url, method, path, options);
}

/** Logs in on `instance`; the Cookie header value. */
export async function login(instance: Instance): Promise<string> {
  const answer = await on(instance, 'POST', '/api/admin/login', { body: ADMIN });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (answer.status !== 200 || !cookie)
    throw new Error(`login on ${instance.name} failed: ${answer.status} ${answer.text}`);
  return cookie;
}

export async function loggedIn(instance: Instance, cookie: string): Promise<boolean> {
  const answer = await on(instance, 'GET', '/api/admin/check', { cookie });
  return answer.json.logged_in === true;
}

/** Polls `probe` every 20 ms until it holds or `limitMs` passed; the time it took, or undefined. */
export async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number | undefined> {
  const started = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - started;
    if (Date.now() - started > limitMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A licence made through the admin API of `instance`; its id and key. */
export async function createLicense(instance: Instance, cookie: string): Promise<{ id: number; key: string }> {
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
  const answer = await on(instance, 'POST', '/api/license/create', {
    cookie,
    body: { email: 'buyer@example.com', expired_date: expires, app_type: 'loopbot' },
  });
  if (answer.status !== 200) throw new Error(`licence create failed: ${answer.status} ${answer.text}`);
  const license = answer.json.license as { id: number; license_key: string };
  return { id: license.id, key: license.license_key };
}
