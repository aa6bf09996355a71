/**
 * `npm run migrate:to-postgres`: a one-off move of the embedded store in DATA_DIR (default ./var)
 * into the EMPTY PostgreSQL database at DATABASE_URL: every row of every table with its id, the
 * images of DATA_DIR/uploads, and the licence signing key file. Stop the server first (it refuses
 * while the server holds DATA_DIR). Says done only after the counts and a sample of rows match.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SIGNING_KEY_FILE, SIGNING_KEY_SECRET } from '../../api/license-api/license-signing';
import { UPLOADS_FOLDER } from '../../contract/rules/images';
import { copyFromSqlite } from '../../data/postgres/copy-from-sqlite';
import type { Secret } from '../../data/postgres/copy-from-sqlite';
import { migratePostgres } from '../../data/postgres/migrate';
import { PostgresStore } from '../../data/postgres/postgres-store';
import { verifyCopy } from '../../data/postgres/verify-copy';
import { migrate } from '../../data/sqlite/migrations';
import { SqliteStore } from '../../data/sqlite/sqlite-store';

const databaseUrl = process.env.DATABASE_URL?.trim();
const dataDir = resolve(process.env.DATA_DIR || './var');
if (!databaseUrl) {
  console.error(
    'usage: DATA_DIR=/var/lib/loop-shop DATABASE_URL=postgres://user:pass@host/db npm run migrate:to-postgres',
  );
  process.exit(2);
}

/** The signing key file of DATA_DIR, if the server made one (else LICENSE_SIGNING_KEY stays in use). */
async function secretsOf(dir: string): Promise<Secret[]> {
  const file = join(dir, SIGNING_KEY_FILE);
  const info = await stat(file).catch(() => undefined);
  if (!info) return [];
  return [{ name: SIGNING_KEY_SECRET, value: await readFile(file, 'utf8'), created_at: info.mtime.toISOString() }];
}

const started = performance.now();
let source: SqliteStore | undefined;
let target: PostgresStore | undefined;
let committed = false;
try {
  source = await SqliteStore.open({ dir: dataDir });
  await migrate(source.database);
  target = await PostgresStore.open({ url: databaseUrl, maxConnections: 2 });
  await migratePostgres(target.pool);
  const options = { uploadsDir: join(dataDir, UPLOADS_FOLDER), secrets: await secretsOf(dataDir) };
  console.log(`copying ${dataDir} into PostgreSQL...`);
  const copied = await copyFromSqlite(source, target, options);
  committed = true;
  console.log(
    `copied ${copied.tables.reduce((sum, table) => sum + table.rows, 0)} rows of ${copied.tables.length} tables and ${copied.blobs} images; verifying...`,
  );
  const check = await verifyCopy(source, target, options);
  for (const table of check.tables) {
    console.log(
      `  ${table.table.padEnd(20)} ${String(table.source).padStart(8)} → ${String(table.target).padStart(8)}   ${table.sampled} rows compared`,
    );
  }
  console.log(
    `  ${'images (blobs)'.padEnd(20)} ${String(check.blobs.source).padStart(8)} → ${String(check.blobs.target).padStart(8)}   ${check.blobs.sampled} compared`,
  );
  console.log(
    `  signing key: ${options.secrets.length ? 'copied into server_secrets' : `no ${SIGNING_KEY_FILE} in DATA_DIR (keep setting LICENSE_SIGNING_KEY)`}`,
  );
  if (check.problems.length > 0) {
    console.error(`\nthe copy does not match:\n  ${check.problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s: start the instances with this DATABASE_URL (DATA_DIR is kept as a fallback)`,
    );
  }
} catch (error) {
  const state = committed
    ? 'the rows were copied but not verified'
    : 'no rows were copied (the copy is one transaction)';
  console.error(`migrate:to-postgres failed, ${state}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await target?.close().catch(() => undefined);
  await source?.close().catch(() => undefined);
}
