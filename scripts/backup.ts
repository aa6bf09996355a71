/**
 * `npm run backup -- <file>`: a consistent copy of the database in DATA_DIR (default ./var),
 * safe while the server runs and keeps writing. Prompt images live in DATA_DIR/uploads and are
 * never changed once written: copy that folder alongside (see README, Backups).
 */
import { resolve } from 'node:path';
import { backupDatabase } from '../data/sqlite/backup';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || './var');
try {
  const { seq, bytes } = await backupDatabase(dataDir, target);
  console.log(`backup of ${dataDir} written to ${resolve(target)} (${(bytes / 1024).toFixed(0)} KB, up to write #${seq})`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
