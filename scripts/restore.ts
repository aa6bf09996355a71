/**
 * `npm run restore -- <file>`: makes a backup the database of DATA_DIR (default ./var), or with
 * DATABASE_URL loads a pg_dump file into that database. The server (every instance) must be
 * stopped; what was there is moved aside, not deleted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { restorePostgres } from '../data/postgres/dump';
import { restoreDatabase } from '../data/sqlite/backup';

const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL?.trim();
if (databaseUrl) {
  try {
    const aside = await restorePostgres(databaseUrl, source);
    console.log(`restored ${resolve(source)} into the PostgreSQL database; the previous tables are kept in schema ${aside}`);
    process.exit(0);
  } catch (error) {
    console.error(`restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
const dataDir = resolve(process.env.DATA_DIR || './var');
const pidFile = join(dataDir, 'server.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  let running = false;
  try {
    process.kill(pid, 0);
    running = true;
  } catch {
    running = false;
  }
  if (running) {
    console.error(`the server (pid ${pid}) is running on ${dataDir}: stop it first (systemctl stop loop-shop)`);
    process.exit(1);
  }
}
try {
  const aside = await restoreDatabase(resolve(source), dataDir);
  console.log(`restored ${resolve(source)} into ${dataDir}; the previous database is kept in ${aside}`);
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
}
