import { COUNT_ALL } from './licenses';
import { adminLicenseStatus, expiryAheadSql } from './status';
import type { LicenseStatus } from '../../contract/calls/licenses';
import type { Sql } from '../store';

export type LicenseStats = {
  total_licenses: number;
  active_licenses: number;
  expired_licenses: number;
  activated_licenses: number;
};

/**
 * Counts through indexes, so the cost follows the licences not yet expired, not the whole table:
 * the total from the table; the stored statuses by hopping through the (status, expiry) index (a
 * skip scan: one seek per distinct word), and for each the licences whose expiry is still ahead.
 * Every group is classified by adminLicenseStatus, as the list is.
 */
export async function licenseStats(db: Sql, now: string): Promise<LicenseStats> {
  const count = async (sql: string): Promise<number> => (await db.get<{ n: number }>(sql))?.n ?? 0;
  const total = await count(COUNT_ALL);
  const current = await db.all<{ status: string; n: number }>(
    `WITH RECURSIVE stored (status) AS (
       SELECT min(status) FROM licenses
       UNION ALL
       SELECT (SELECT min(status) FROM licenses WHERE status > stored.status) FROM stored WHERE stored.status IS NOT NULL)
     SELECT status, (SELECT count(*) FROM licenses WHERE licenses.status = stored.status AND ${expiryAheadSql()}) AS n
     FROM stored WHERE status IS NOT NULL`,
    [now],
  );
  const counts: Record<LicenseStatus, number> = { active: 0, expired: 0, other: 0 };
  let passed = total;
  for (const group of current) {
    counts[adminLicenseStatus(group.status, false)] += group.n;
    passed -= group.n;
  }
  // Past the expiry the stored word does not matter to the rule, so these need no grouping.
  counts[adminLicenseStatus('', true)] += passed;
  return {
    total_licenses: total,
    active_licenses: counts.active,
    expired_licenses: counts.expired,
    activated_licenses: await count('SELECT count(*) AS n FROM licenses WHERE device_id IS NOT NULL'),
  };
}
