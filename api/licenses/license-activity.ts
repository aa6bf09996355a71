/** The activity log entries of the admin's licence changes (docs/spec.md#activity-log). */
import { PRODUCT_NAMES } from '../../contract/rules/products';
import type { ExpiryChange } from '../../data/licenses/expiry';
import type { LicenseRow } from '../../data/licenses/licenses';
import { expirySummary } from '../shared/change-summary';
import type { ActivityChange } from '../shared/activity-record';
import type { ExpiryDirection } from '../shared/expiry-change';

/** What the log keeps of a licence: what identifies it and what the owner changes. */
const facts = (row: LicenseRow) => ({
  license_key: row.license_key,
  email: row.email,
  app_type: row.app_type,
  expired_date: row.expired_date,
});

export function licenseCreated(row: LicenseRow): ActivityChange {
  return {
    action: 'license.created',
    objectType: 'license',
    objectId: String(row.id),
    summary: `${PRODUCT_NAMES[row.app_type]} licence for ${row.email}`,
    before: null,
    after: facts(row),
  };
}

export function licenseExpiryMoved(
  direction: ExpiryDirection,
  days: number,
  change: ExpiryChange,
  zone: string,
): ActivityChange {
  return {
    action: direction === 'extend' ? 'license.extended' : 'license.shortened',
    objectType: 'license',
    objectId: String(change.license.id),
    summary: `${expirySummary(change.old, change.new, zone)} (${direction === 'extend' ? '+' : '−'}${days} days)`,
    before: { expired_date: change.old },
    after: { expired_date: change.new },
  };
}

export function licenseDeleted(row: LicenseRow): ActivityChange {
  return {
    action: 'license.deleted',
    objectType: 'license',
    objectId: String(row.id),
    summary: `${PRODUCT_NAMES[row.app_type]} licence of ${row.email} deleted`,
    before: facts(row),
    after: null,
  };
}
