import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSecret, sharedSecret } from '../../data/server-secrets';
import type { Store } from '../../data/store';

/** Signed bytes are this prefix + payload, so a signature made here is never valid for another use of the key. */
export const SIGNATURE_PREFIX = 'LOOPBOT-LICENSE-V1\n';
/** A backup manifest's signed bytes start with this instead: never valid as a licence answer, nor the reverse. */
export const MANIFEST_SIGNATURE_PREFIX = 'LOOPSHOP-BACKUP-MANIFEST-V1\n';
export const SIGNING_KEY_FILE = 'license-signing-key.pem';
/** Its name in server_secrets when instances share a database. */
export const SIGNING_KEY_SECRET = 'license_signing_key';

export type PublicKeyInfo = {
  kid: string;
  alg: 'Ed25519';
  /** True for the key that signs answers now; the others are published for a rotation. */
  signing: boolean;
  public_key_pem: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };
};

export type LicenseSigner = {
  kid: string;
  /** base64url Ed25519 signature of SIGNATURE_PREFIX + payload. */
  sign: (payload: string) => string;
  /** base64url Ed25519 signature of MANIFEST_SIGNATURE_PREFIX + payload (api/backups/manifest-signature.ts). */
  signManifest: (payload: string) => string;
  publicKeys: PublicKeyInfo[];
};

/** The key id: the first 16 hex digits of the SHA-256 of the SPKI DER, so anyone holding the public key can compute it. */
export function keyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** Splits text holding one or more PEM blocks; refuses anything that is not an Ed25519 private key. */
export function parsePrivateKeys(pemText: string): KeyObject[] {
  const blocks = pemText.match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
  if (blocks.length === 0) throw new Error('LICENSE_SIGNING_KEY holds no PEM block');
  return blocks.map((block) => {
    const key = createPrivateKey(block);
    if (key.asymmetricKeyType !== 'ed25519')
      throw new Error('LICENSE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)');
    return key;
  });
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * The first key signs; every key is published with its `kid`. A rotation: append the new key,
 * ship apps pinning both, move it first, later drop the old one.
 */
export function createSigner(privateKeys: KeyObject[]): LicenseSigner {
  const signingKey = privateKeys[0];
  if (!signingKey) throw new Error('no licence signing key');
  const publicKeys = privateKeys.map((privateKey, index): PublicKeyInfo => {
    const publicKey = createPublicKey(privateKey);
    const kid = keyId(publicKey);
    const { x } = publicKey.export({ format: 'jwk' }) as { x: string };
    return {
      kid,
      alg: 'Ed25519',
      signing: index === 0,
      public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      jwk: { kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' },
    };
  });
  return {
    kid: publicKeys[0]!.kid,
    sign: (payload) => sign(null, Buffer.from(SIGNATURE_PREFIX + payload, 'utf8'), signingKey).toString('base64url'),
    signManifest: (payload) =>
      sign(null, Buffer.from(MANIFEST_SIGNATURE_PREFIX + payload, 'utf8'), signingKey).toString('base64url'),
    publicKeys,
  };
}

/**
 * LICENSE_SIGNING_KEY (PEM text, one or more blocks) wins. Otherwise, with a database several
 * instances share, the key stored in it (made by the first instance), so an answer signed by one
 * instance verifies with the key another publishes; else the key in DATA_DIR, made once with mode
 * 0600. The private key never enters the repository or the logs. A key is made only for a shop
 * with no licence yet (`hasLicences`): a database whose apps hold answers signed by a key that is
 * not here refuses to start, since a new key would make every installed app refuse the shop.
 */
export async function loadLicenseSigner(
  configuredPem: string | undefined,
  dataDir: string,
  shared?: Store,
  hasLicences: () => Promise<boolean> = async () => false,
): Promise<LicenseSigner> {
  if (configuredPem) return createSigner(parsePrivateKeys(configuredPem.replace(/\\n/g, '\n')));
  if (shared) {
    const stored = await readSecret(shared, SIGNING_KEY_SECRET);
    if (stored !== undefined) return createSigner(parsePrivateKeys(stored));
    if (await hasLicences()) throw new MissingSigningKeyError('the database (server_secrets) holds no key');
    const { value, created } = await sharedSecret(
      shared,
      SIGNING_KEY_SECRET,
      generateSigningKeyPem,
      new Date().toISOString(),
    );
    const signer = createSigner(parsePrivateKeys(value));
    if (created) announce(signer, 'stored in the database (server_secrets)');
    return signer;
  }
  const file = join(dataDir, SIGNING_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return createSigner(parsePrivateKeys(existing));
  if (await hasLicences()) throw new MissingSigningKeyError(`${file} is missing`);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const pem = generateSigningKeyPem();
  try {
    // 'wx': two processes starting at once never overwrite each other's key.
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return createSigner(parsePrivateKeys(await readFile(file, 'utf8')));
    throw error;
  }
  const signer = createSigner(parsePrivateKeys(pem));
  announce(signer, `${file} (mode 0600)`);
  return signer;
}

/** The start-up refusal: a database with licences and no key to sign for them. */
export class MissingSigningKeyError extends Error {
  constructor(where: string) {
    super(
      `Refusing to start: this database holds licences, but the licence signing key they were signed with is not here (${where}, LICENSE_SIGNING_KEY is unset). ` +
        "A new key would make every installed LoopBOT refuse the shop's answers. Put the key back: `npm run restore` restores it with the database from a backup, " +
        `or copy ${SIGNING_KEY_FILE} from the old DATA_DIR, or set LICENSE_SIGNING_KEY (README, "Backups").`,
    );
    this.name = 'MissingSigningKeyError';
  }
}

function announce(signer: LicenseSigner, where: string): void {
  console.log(
    `\n  Licence signing key generated: ${where}, kid ${signer.kid}.\n` +
      '  Back it up: desktop apps pin its public key (GET /api/license/public-key).\n',
  );
}
