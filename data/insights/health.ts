/**
 * Licence health of a period from the audit trail: refusals by code, rate limits, activations,
 * devices released so the key can move (the app's deactivation or the owner's unbind), and keys
 * seen from many devices in one shop day (possibly shared); and validate's sightings (seen-widely.ts).
 */
import { SHARING_DEVICES } from '../../contract/rules/insight-periods';
import type { Store } from '../store';
import type { Span } from './period-spans';
import { num, spanTable } from './dialect';
import { sightingFigures } from './seen-widely';
import type { Sightings } from './seen-widely';
import { figureSums, total } from './summary-figures';

export type SharedKey = { license_id: number; license_key: string | null; day: string; devices: number };
export type HealthFigures = Sightings & {
  refusals: { code: string; count: number }[];
  rate_limited: number;
  activations: number;
  devices_moved: number;
  sharing: SharedKey[];
};

const SHARING_LIMIT = 100;
const DEVICE_EVENTS = "('activated', 'validation_failed', 'rate_limited', 'deactivated')";

/**
 * A licence day with SHARING_DEVICES (2 or more) devices holds a note of `insight_shared` (the day's
 * last device event written saw them all within 25 hours): only the noted licence days are counted,
 * each from its own events (one index range per noted licence day).
 */
async function sharedKeys(db: Store, days: readonly Span[]): Promise<SharedKey[]> {
  const table = spanTable('d', days);
  const rows = await db.all<{ license_id: unknown; license_key: string | null; day: string; devices: unknown }>(
    `WITH ${table.sql}, noted AS (
       SELECT DISTINCT n.license_id, d.day, d.s, d.e FROM d CROSS JOIN insight_shared n WHERE n.at >= d.s AND n.at < d.e
     ), seen AS (
       SELECT noted.license_id, noted.day, (SELECT count(DISTINCT e.device_id) FROM license_events e
         WHERE e.license_id = noted.license_id AND e.at >= noted.s AND e.at < noted.e
           AND e.type IN ${DEVICE_EVENTS} AND e.device_id IS NOT NULL) AS devices
       FROM noted
     )
     SELECT seen.license_id, l.license_key, seen.day, seen.devices
     FROM seen LEFT JOIN licenses l ON l.id = seen.license_id WHERE seen.devices >= ${SHARING_DEVICES}
     ORDER BY seen.devices DESC, seen.day DESC, seen.license_id LIMIT ${SHARING_LIMIT}`,
    table.params,
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
  period: { from: string; to: string; days: readonly Span[] },
  zone: string,
): Promise<HealthFigures> {
  const { from, to, days } = period;
  const sums = await figureSums(db, ['refusal', 'rate_limited', 'activated', 'moved'], [{ start: from, end: to }]);
  return {
    refusals: sums.refusal[0]!.filter((sum) => sum.n > 0)
      .map((sum) => ({ code: sum.item || 'unknown', count: sum.n }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    rate_limited: total(sums.rate_limited[0]!).n,
    activations: total(sums.activated[0]!).n,
    devices_moved: total(sums.moved[0]!).n,
    sharing: await sharedKeys(db, days),
    ...(await sightingFigures(db, from, to, zone)),
  };
}
