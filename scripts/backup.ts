/**
 * `npm run backup -- <file>`: a consistent copy of the database, safe while the server runs and
 * keeps writing. With DATABASE_URL: pg_dump's custom format (images included: they are rows).
 * Otherwise the database in DATA_DIR (default ./var); its prompt images live in DATA_DIR/uploads
 * and are never changed once written: copy that folder alongside (see README, Backups).
 */
import { resolve } from 'node:path';
import { dumpPostgres } from '../data/postgres/dump';
import { backupDatabase } from '../data/sqlite/backup';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL?.trim();
try {
  if (databaseUrl) {
    const { bytes } = await dumpPostgres(databaseUrl, target);
    console.log(
      `backup of the PostgreSQL database written to ${resolve(target)} (${(bytes / 1024).toFixed(0)} KB, pg_dump custom format)`,
    );
  } else {
    const dataDir = resolve(process.env.DATA_DIR || './var');
    const { seq, bytes } = await backupDatabase(dataDir, target);
    console.log(
      `backup of ${dataDir} written to ${resolve(target)} (${(bytes / 1024).toFixed(0)} KB, up to write #${seq})`,
    );
  }
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
