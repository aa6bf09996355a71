/**
 * The one rule for a licence's status, used by the admin list, the dashboard stats and the licence
 * API alike. A passed expiry wins over the stored word: a suspended licence whose expiry passed is
 * `expired` everywhere (the admin counts it with the expired ones, the app offers a renewal, and
 * renewing it still leaves it suspended until the shop lifts that).
 */
import type { LicenseStatus } from '../../contract/calls/licenses';

/** STORED_EXPIRY (contract/rules/durations.ts) as a LIKE pattern, the same in both engines: its shape, not its digits. */
const STORED_EXPIRY_LIKE = '____-__-__T__:__:__.___Z';

/**
 * isExpiryPassed() (contract/rules/durations.ts) in SQL, on a stored expiry `column` with `?` for now:
 * every writer stores an expiry as toISOString() text, which compares in time order; a text of
 * another shape is unreadable and counts as passed there, so here too (test/http/expiry-sql.test.ts).
 */
export function expiryPassedSql(column = 'expired_date'): string {
  return `(${column} <= ? OR ${column} NOT LIKE '${STORED_EXPIRY_LIKE}')`;
}

/** The opposite of expiryPassedSql: a readable expiry still ahead of `?`. */
export function expiryAheadSql(column = 'expired_date'): string {
  return `(${column} > ? AND ${column} LIKE '${STORED_EXPIRY_LIKE}')`;
}

/** 'active', 'expired', or the stored word for a licence the shop disabled ('suspended'...). */
export function licenseState(stored: string, expiryPassed: boolean): string {
  return expiryPassed ? 'expired' : stored;
}

/** The admin's three kinds: `other` stands for any stored word but active and expired. */
export function adminLicenseStatus(stored: string, expiryPassed: boolean): LicenseStatus {
  const state = licenseState(stored, expiryPassed);
  return state === 'active' || state === 'expired' ? state : 'other';
}
