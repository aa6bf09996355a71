/**
 * `npm run restore -- <file>`: makes a backup the database of DATA_DIR (default ./var). The
 * server must be stopped; the current database and journal are moved aside, not deleted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { restoreDatabase } from '../data/sqlite/backup';

const source = process.argv[2];
if (!source) {
  console.error('usage: npm run restore -- <file>');
  process.exit(2);
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
