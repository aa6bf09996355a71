/**
 * New licences: each attempt draws a fresh random key, so insertLicenseIn can simply draw again on
 * a collision. A buyer's (an order's or a free trial's) is a LoopBOT licence written inside the
 * caller's transaction; the admin creates one of either product (license-handlers.ts).
 */
import type { AppType } from '../../contract/calls/licenses';
import { insertLicenseIn } from '../../data/licenses/licenses';
import type { Issued, LicenseRow, NewLicense } from '../../data/licenses/licenses';
import type { Transaction } from '../../data/store';
import { generateLicenseKey, hashLicenseKey } from './license-keys';

/** The licence to insert, with another random key each time it is called. */
export function drawNewLicense(appType: AppType, email: string, expiredDate: string): () => NewLicense {
  return () => {
    const key = generateLicenseKey(appType);
    return { license_key: key, key_sha256: hashLicenseKey(key), email, app_type: appType, expired_date: expiredDate };
  };
}

export async function insertLoopbotLicenseIn(
  tx: Transaction,
  email: string,
  expiredDate: string,
  at: string,
  issued: Issued,
): Promise<LicenseRow> {
  const license = await insertLicenseIn(tx, drawNewLicense('loopbot', email, expiredDate), at, 5, issued);
  if (!license) throw new Error('could not draw an unused licence key');
  return license;
}
