/** What other features may use of the licence API: the shop's signing key, which also signs backup manifests. */
export {
  createSigner,
  keyId,
  MANIFEST_SIGNATURE_PREFIX,
  parsePrivateKeys,
  SIGNING_KEY_FILE,
  SIGNING_KEY_SECRET,
} from './license-signing';
export type { LicenseSigner } from './license-signing';
