/**
 * The one rule for a licence's status, used by the admin list, the dashboard stats and the licence
 * API alike. A passed expiry wins over the stored word: a suspended licence whose expiry passed is
 * `expired` everywhere (the admin counts it with the expired ones, the app offers a renewal, and
 * renewing it still leaves it suspended until the shop lifts that).
 */
import type { LICENSE_STATUSES, Word } from '../../contract/rules/vocabulary';

export type LicenseStatus = Word<typeof LICENSE_STATUSES>;

/** 'active', 'expired', or the stored word for a licence the shop disabled ('suspended'...). */
export function licenseState(stored: string, expiryPassed: boolean): string {
  return expiryPassed ? 'expired' : stored;
}

/** The admin's three kinds: `other` stands for any stored word but active and expired. */
export function adminLicenseStatus(stored: string, expiryPassed: boolean): LicenseStatus {
  const state = licenseState(stored, expiryPassed);
  return state === 'active' || state === 'expired' ? state : 'other';
}
