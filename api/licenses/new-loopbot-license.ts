/**
 * A new LoopBOT licence for a buyer (an order's or a free trial's), inside the caller's transaction:
 * each attempt draws a fresh random key, so insertLicenseIn can simply draw again on a collision.
 */
import { insertLicenseIn } from '../../data/licenses/licenses';
import type { Issued, LicenseRow } from '../../data/licenses/licenses';
import type { Transaction } from '../../data/store';
import { generateLicenseKey, hashLicenseKey } from './license-keys';

export async function insertLoopbotLicenseIn(
  tx: Transaction,
  email: string,
  expiredDate: string,
  at: string,
  issued: Issued,
): Promise<LicenseRow> {
  const license = await insertLicenseIn(
    tx,
    () => {
      const key = generateLicenseKey('loopbot');
      return {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email,
        app_type: 'loopbot',
        expired_date: expiredDate,
      };
    },
    at,
    5,
    issued,
  );
  if (!license) throw new Error('could not draw an unused licence key');
  return license;
}
