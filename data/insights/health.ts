/**
 * Licence health of a period from the audit trail: refusals by code, rate limits, activations,
 * devices released so the key can move (the app's deactivation or the owner's unbind), and keys
 * seen from many devices in one shop day (possibly shared).
 */
import { SHARING_DEVICES } from '../../contract/insight-periods';
import type { Store } from '../store';
import type { Span } from './period-spans';
import { num, spanTable } from './dialect';
import { figureSums, total } from './summary-figures';

export type SharedKey = { license_id: number; license_key: string | null; day: string; devices: number };
export type HealthFigures = {
  refusals: { code: string; count: number }[];
  rate_limited: number;
  activations: number;
  devices_moved: number;
  sharing: SharedKey[];
};

const SHARING_LIMIT = 100;
const DEVICE_EVENTS = "('activated', 'validation_failed', 'rate_limited', 'deactivated')";

/**
 * Only the licences `insight_shared` noted in the period (2 or more devices within 25 hours of one
 * of their device events) can have a day with SHARING_DEVICES devices: their events are counted.
 */
async function sharedKeys(db: Store, from: string, to: string, days: readonly Span[]): Promise<SharedKey[]> {
  const table = spanTable('d', days);
  const rows = await db.all<{ license_id: unknown; license_key: string | null; day: string; devices: unknown }>(
    `WITH ${table.sql}, noted AS (SELECT DISTINCT license_id FROM insight_shared WHERE at >= ? AND at < ?)
     SELECT seen.license_id, l.license_key, seen.day, seen.devices FROM (
       SELECT e.license_id, d.day, count(DISTINCT e.device_id) AS devices
       FROM noted JOIN license_events e ON e.license_id = noted.license_id AND e.at >= ? AND e.at < ?
         AND e.type IN ${DEVICE_EVENTS} AND e.device_id IS NOT NULL
       JOIN d ON e.at >= d.s AND e.at < d.e
       GROUP BY e.license_id, d.day HAVING count(DISTINCT e.device_id) >= ${SHARING_DEVICES}
     ) seen LEFT JOIN licenses l ON l.id = seen.license_id
     ORDER BY seen.devices DESC, seen.day DESC, seen.license_id LIMIT ${SHARING_LIMIT}`,
    [...table.params, from, to, from, to],
  );
  return rows.map((row) => ({
    license_id: num(row.license_id),
    license_key: row.license_key,
    day: row.day,
    devices: num(row.devices),
  }));
}

export async function healthFigures(
  db: Store,
  from: string,
  to: string,
  days: readonly Span[],
): Promise<HealthFigures> {
  const sums = await figureSums(db, ['refusal', 'rate_limited', 'activated', 'moved'], [{ start: from, end: to }]);
  return {
    refusals: sums.refusal[0]!.filter((sum) => sum.n > 0)
      .map((sum) => ({ code: sum.item || 'unknown', count: sum.n }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    rate_limited: total(sums.rate_limited[0]!).n,
    activations: total(sums.activated[0]!).n,
    devices_moved: total(sums.moved[0]!).n,
    sharing: await sharedKeys(db, from, to, days),
  };
}
