/**
 * A throwaway PostgreSQL for tests and benches, from Debian's packages: `initdb` into a temporary
 * folder, `pg_ctl` on a free port of 127.0.0.1, removed by stop(). initdb refuses to run as root,
 * so as root the cluster belongs to the `postgres` user the package creates.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBinDir } from '../data/postgres/pg-tools';

export { postgresBinDir };

const run = promisify(execFile);

export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: the maintenance database. */
  url: string;
  /** A new empty database; answers its URL. */
  createDatabase: (name?: string) => Promise<string>;
  /** CPU seconds the server and its ended backends used so far (Linux; 0 elsewhere). */
  cpuSeconds: () => number;
  /** Stops the server and keeps its data (an outage, for tests of what the app does meanwhile). */
  pause: () => Promise<void>;
  /** Starts it again on the same port after pause(). */
  resume: () => Promise<void>;
  stop: () => Promise<void>;
};

/** utime + stime (+ cutime + cstime with `children`) of a process, in seconds; 0 when unknown. */
export function processCpuSeconds(pid: number | 'self', children: 'own' | 'children' | 'both'): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const at = (field: number): number => Number(fields[field - 3]);
    const own = at(14) + at(15);
    const reaped = at(16) + at(17);
    return (children === 'own' ? own : children === 'children' ? reaped : own + reaped) / 100;
  } catch {
    return 0;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let databases = 0;

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const folder = await mkdtemp(join(tmpdir(), 'loop-pg-'));
  const dataDir = join(folder, 'data');
  const asRoot = userInfo().uid === 0;
  const as = async (command: string, args: string[]): Promise<void> => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    await run(file, argv, { cwd: '/', maxBuffer: 16 * 1024 * 1024 });
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(folder, 0o700);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`;
  try {
    await as('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--locale=C', '-E', 'UTF8', '--no-sync']);
    // Tests kill app instances, never this server: fsync buys nothing here and costs seconds.
    await as('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  // Its idle connections die with a pause(): the next createDatabase() connects again.
  admin.on('error', () => undefined);
  return {
    url,
    async createDatabase(name = `test_${process.pid}_${++databases}_${Date.now().toString(36)}`) {
      await admin.query(`CREATE DATABASE "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    cpuSeconds() {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
      return processCpuSeconds(pid, 'both');
    },
    async pause() {
      await as('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    async resume() {
      await as('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
    },
    async stop() {
      await admin.end().catch(() => undefined);
      await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A new database on the cluster the test run started (TEST_POSTGRES_URL), for one test server. */
export async function createTestDatabase(clusterUrl: string): Promise<string> {
  const name = `test_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  await onCluster(clusterUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database createTestDatabase made, closing whatever connections are still open on it. */
export async function dropTestDatabase(clusterUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^test_[a-z0-9_]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  await onCluster(clusterUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function onCluster(clusterUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
