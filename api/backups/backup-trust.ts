/**
 * Whether restore may trust a backup: its manifest must be signed (manifest-signature.ts), and by a
 * key known apart from the backup itself: the key of the shop being restored into, or one the
 * owner names with `--kid` after comparing it with the kid the apps pin. A backup carries its key,
 * so its own key vouches for nothing. Returns the signing kid, or the reason it is refused.
 */
import type { Manifest } from './backup-files';
import { verifyManifest } from './manifest-signature';

export type Trust = { ok: true; kid: string } | { ok: false; reason: string };

export function trustBackup(manifest: Manifest, shopKids: readonly string[], namedKid: string | undefined): Trust {
  let kid: string;
  try {
    kid = verifyManifest(manifest);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (shopKids.includes(kid) || namedKid === kid) return { ok: true, kid };
  const compare =
    `Compare ${kid} with your shop's key id (GET /api/license/public-key answered it, the reference client's ` +
    '"pin" printed it, the server printed it when it made the key); if it is yours, run again with ' +
    `--kid ${kid}.`;
  if (shopKids.length === 0)
    return {
      ok: false,
      reason: `it is signed by key ${kid}, and there is no licence signing key here to compare it with. ${compare}`,
    };
  return {
    ok: false,
    reason: `it is signed by key ${kid}, not by this shop's key (${shopKids.join(', ')}). ${compare}`,
  };
}
