/**
 * `npm run backup -- <file>`: a consistent copy of the shop while the server runs and keeps
 * writing, made and proved like a scheduled backup (api/backups/backup-set.ts): with DATABASE_URL
 * pg_dump's custom format (the signing key and the images are rows inside it); otherwise the
 * database in DATA_DIR (default ./var) with the licence signing key and the images copied into
 * `<file>.files/`. Beside it `<file>.json`, the manifest signed with the shop's key, which
 * `npm run restore` checks.
 */
import { basename, dirname, resolve } from 'node:path';
import { makeProvedBackup } from '../../api/backups/backup-set';
import { readShopKey } from '../../api/backups/shop-key';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <file>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dataDir = resolve(process.env.DATA_DIR || './var');
const path = resolve(target);
try {
  const signer = await readShopKey({ configuredPem: process.env.LICENSE_SIGNING_KEY?.trim(), dataDir, databaseUrl });
  if (!signer)
    throw new Error(
      `no licence signing key (LICENSE_SIGNING_KEY, ${databaseUrl ? 'server_secrets' : `${dataDir}/license-signing-key.pem`}): start the shop once, it makes one`,
    );
  const manifest = await makeProvedBackup(
    databaseUrl ? 'postgres' : 'sqlite',
    { dataDir, databaseUrl },
    dirname(path),
    basename(path),
    new Date(),
    signer,
  );
  const beside = Object.keys(manifest.files ?? {}).length;
  console.log(
    `backup of ${databaseUrl ? 'the PostgreSQL database' : dataDir} written to ${path} (${(manifest.bytes / 1024).toFixed(0)} KB${databaseUrl ? ', pg_dump custom format' : ''}` +
      `${beside ? `, with ${beside} files in ${basename(path)}.files: the signing key and the images` : ''}), ` +
      `proved and signed by key ${manifest.signature?.kid} (${basename(path)}.json)`,
  );
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
