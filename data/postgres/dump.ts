/**
 * Backups of the PostgreSQL store with PostgreSQL's own tools: pg_dump in its custom format (one
 * consistent snapshot while every instance keeps writing; images included, they are rows of
 * `blobs`), and pg_restore into a database no instance is using.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { pipePostgresTools, runPostgresTool } from './pg-tools';
import { APPLICATION_NAME } from './postgres-store';

export async function dumpPostgres(databaseUrl: string, targetFile: string): Promise<{ bytes: number }> {
  const target = resolve(targetFile);
  await mkdir(dirname(target), { recursive: true });
  await runPostgresTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${target}`,
    `--dbname=${databaseUrl}`,
  ]);
  return { bytes: (await stat(target)).size };
}

/** Connections of running instances to the database (other than this one). */
export async function runningInstances(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost mid-query fails the query; unheard, its 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()',
      [APPLICATION_NAME],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Makes the dump the database's content, in one transaction (a dump that fails to load changes
 * nothing): the current tables are moved aside into schema `pre_restore_<time>`, never deleted,
 * and the dump is loaded into a new `public`. Refuses while an instance is connected.
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, now = new Date()): Promise<string> {
  const connected = await runningInstances(databaseUrl);
  if (connected > 0)
    throw new Error(`${connected} connection(s) of running instances use this database: stop every instance first`);
  const aside = `pre_restore_${now.toISOString().replace(/\D/g, '').slice(0, 14)}`;
  await pipePostgresTools(
    ['pg_restore', ['--no-owner', '--no-privileges', '--file=-', resolve(dumpFile)]],
    [
      'psql',
      [
        '--quiet',
        '--no-psqlrc',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--command=ALTER SCHEMA public RENAME TO ${aside}; CREATE SCHEMA public;`,
        '--file=-',
        `--dbname=${databaseUrl}`,
      ],
    ],
  );
  return aside;
}
