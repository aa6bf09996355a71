/**
 * A backup's manifest (checksum, rows, companions) is signed with the shop's licence signing key
 * (Ed25519, under a prefix of its own), so a backup changed by hand and given a recomputed checksum
 * no longer verifies. What it does and does not stop is in README, "Backups": whoever can read a
 * backup holds the key it carries, so the signature proves a backup was made by a holder of the
 * shop's key, and restore trusts only a key it knows from elsewhere (the shop's own, or `--kid`).
 */
import { createPublicKey, verify } from 'node:crypto';
import { keyId, MANIFEST_SIGNATURE_PREFIX } from '../license-api';
import type { LicenseSigner } from '../license-api';
import type { Manifest, ManifestSignature } from './backup-files';

/** JSON with keys in sorted order at every level: the same manifest always gives the same bytes. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const signedBytes = (manifest: Manifest): string => {
  const { signature: _signature, ...rest } = manifest;
  return canonical(rest);
};

export function signManifest(manifest: Omit<Manifest, 'signature'>, signer: LicenseSigner): Manifest {
  const current = signer.publicKeys.find((key) => key.signing)!;
  const signature: ManifestSignature = {
    alg: 'Ed25519',
    kid: current.kid,
    public_key_pem: current.public_key_pem,
    value: signer.signManifest(signedBytes(manifest as Manifest)),
  };
  return { ...manifest, signature };
}

/**
 * The kid of the key that signed the manifest, once its signature verifies; throws with the
 * reason otherwise. Which kids to trust is the caller's: this only says who signed.
 */
export function verifyManifest(manifest: Manifest): string {
  const { signature } = manifest;
  if (!signature?.value || !signature.public_key_pem)
    throw new Error('its manifest is not signed (made before backups were signed, or by hand)');
  let publicKey;
  try {
    publicKey = createPublicKey(signature.public_key_pem);
  } catch {
    throw new Error('its manifest names a public key that cannot be read');
  }
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('its manifest is signed with another kind of key');
  const kid = keyId(publicKey);
  const bytes = Buffer.from(MANIFEST_SIGNATURE_PREFIX + signedBytes(manifest), 'utf8');
  if (!verify(null, bytes, publicKey, Buffer.from(signature.value, 'base64url')))
    throw new Error(`its manifest's signature does not match (the manifest was changed after key ${kid} signed it)`);
  return kid;
}
