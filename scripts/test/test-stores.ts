/**
 * The two stores the HTTP tests run on: the embedded one (always) and PostgreSQL (a throwaway
 * cluster for the whole run, when installed). A test file that is about one engine only says so
 * in its first line: `// store: embedded only (why)` or `// store: postgres only (why)`.
 */
import { readFile } from 'node:fs/promises';
import { postgresBinDir, processCpuSeconds, startPostgresCluster } from '../../test/postgres-cluster';
import type { PostgresCluster } from '../../test/postgres-cluster';

export type StoreName = 'embedded' | 'postgres';

const MARKER = /^\/\/ store: (embedded|postgres) only\b/;

/** The only store a file runs on, or undefined when it runs on both. */
export async function onlyStore(file: string): Promise<StoreName | undefined> {
  const firstLine = (await readFile(file, 'utf8')).split('\n', 1)[0] ?? '';
  return MARKER.exec(firstLine)?.[1] as StoreName | undefined;
}

export async function filesFor(store: StoreName, files: string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const file of files) {
    const only = await onlyStore(file);
    if (only === undefined || only === store) kept.push(file);
  }
  return kept;
}

export type ClusterStart =
  { state: 'started'; cluster: PostgresCluster } | { state: 'missing' } | { state: 'failed'; error: string };

let cluster: PostgresCluster | undefined;
let starting: Promise<unknown> | undefined;

/** Starts the run's cluster (initdb + pg_ctl on a free port); stopped by stopTestCluster. */
export async function startTestCluster(): Promise<ClusterStart> {
  if (!postgresBinDir()) return { state: 'missing' };
  const start = startPostgresCluster();
  starting = start.catch(() => undefined);
  try {
    cluster = await start;
    return { state: 'started', cluster };
  } catch (error) {
    return { state: 'failed', error: (error as Error).message };
  }
}

let stopping: Promise<void> | undefined;

/** Stops and removes the cluster, once it has started if it is starting; every caller waits for the same stop. */
export function stopTestCluster(): Promise<void> {
  stopping ??= (async () => {
    await starting;
    await cluster?.stop();
    cluster = undefined;
  })();
  return stopping;
}

/** CPU seconds used so far by the test processes that ended (and what they started), and by the cluster. */
export function cpuUse(): { tests: number; postgres: number } {
  let postgres = 0;
  try {
    postgres = cluster?.cpuSeconds() ?? 0;
  } catch {
    postgres = 0;
  }
  return { tests: processCpuSeconds('self', 'children'), postgres };
}
