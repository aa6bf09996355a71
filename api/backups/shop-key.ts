/**
 * The licence signing key a shop already has, read and never made: by `npm run backup` (which
 * signs with it) and by `npm run restore` (which trusts the key of the shop it restores into).
 * The same places the server reads (license-signing.ts): LICENSE_SIGNING_KEY, else the database's
 * server_secrets with PostgreSQL, else DATA_DIR/license-signing-key.pem.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readStoredSecret } from '../../data/server-secrets';
import { createSigner, parsePrivateKeys, SIGNING_KEY_FILE, SIGNING_KEY_SECRET } from '../license-api';
import type { LicenseSigner } from '../license-api';

export async function readShopKey(place: {
  configuredPem: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<LicenseSigner | undefined> {
  const pem = place.configuredPem
    ? place.configuredPem.replace(/\\n/g, '\n')
    : place.databaseUrl
      ? await readStoredSecret(place.databaseUrl, SIGNING_KEY_SECRET)
      : await readFile(join(place.dataDir, SIGNING_KEY_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
  return pem ? createSigner(parsePrivateKeys(pem)) : undefined;
}
