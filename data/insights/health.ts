/**
 * Licence health of a period from the audit trail: refusals by code, rate limits, activations,
 * devices released so the key can move (the app's deactivation or the owner's unbind), and keys seen from many devices in one shop day (possibly shared).
 */
import { SHARING_DEVICES } from '../../contract/insight-periods';
import type { Store } from '../store';
import type { Span } from './period-spans';
import { jsonField, num, spanTable } from './dialect';

export type SharedKey = { license_id: number; license_key: string | null; day: string; devices: number };
export type HealthFigures = {
  refusals: { code: string; count: number }[];
  rate_limited: number;
  activations: number;
  devices_moved: number;
  sharing: SharedKey[];
};

const SHARING_LIMIT = 100;

export async function healthFigures(
  db: Store,
  from: string,
  to: string,
  days: readonly Span[],
): Promise<HealthFigures> {
  const code = jsonField(db.engine, 'data', 'code');
  const refusals = await db.all<{ code: string | null; n: unknown }>(
    `SELECT ${code} AS code, count(*) AS n FROM license_events WHERE type = 'validation_failed' AND at >= ? AND at < ?
     GROUP BY ${code} ORDER BY n DESC, code`,
    [from, to],
  );
  const counts = await db.get<{ limited: unknown; activations: unknown; moved: unknown }>(
    `SELECT
       (SELECT count(*) FROM license_events WHERE type = 'rate_limited' AND at >= ? AND at < ?) AS limited,
       (SELECT count(*) FROM license_events WHERE type = 'activated' AND at >= ? AND at < ?) AS activations,
       (SELECT count(*) FROM license_events WHERE type IN ('deactivated', 'admin_unbound') AND at >= ? AND at < ?) AS moved`,
    [from, to, from, to, from, to],
  );
  const table = spanTable('d', days);
  const sharing = await db.all<{ license_id: unknown; license_key: string | null; day: string; devices: unknown }>(
    `WITH ${table.sql}
     SELECT seen.license_id, l.license_key, seen.day, seen.devices FROM (
       SELECT e.license_id, d.day, count(DISTINCT e.device_id) AS devices
       FROM d JOIN license_events e ON e.type IN ('activated', 'validation_failed', 'rate_limited', 'deactivated')
         AND e.at >= d.s AND e.at < d.e AND e.device_id IS NOT NULL
       GROUP BY e.license_id, d.day HAVING count(DISTINCT e.device_id) >= ${SHARING_DEVICES}
     ) seen LEFT JOIN licenses l ON l.id = seen.license_id
     ORDER BY seen.devices DESC, seen.day DESC, seen.license_id LIMIT ${SHARING_LIMIT}`,
    table.params,
  );
  return {
    refusals: refusals.map((row) => ({ code: row.code ?? 'unknown', count: num(row.n) })),
    rate_limited: num(counts?.limited),
    activations: num(counts?.activations),
    devices_moved: num(counts?.moved),
    sharing: sharing.map((row) => ({
      license_id: num(row.license_id),
      license_key: row.license_key,
      day: row.day,
      devices: num(row.devices),
    })),
  };
}
