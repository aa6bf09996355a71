/**
 * Licence health from validate's sightings (data/licenses/sightings.ts, kept 92 days): the
 * period's validations answered and refused, and the keys validated from many addresses or devices
 * in one shop day (possibly shared), each with its key for a link to the licence.
 */
import { SHARING_ADDRESSES, SHARING_DEVICES } from '../../contract/rules/insight-periods';
import { sharingSuspects, validationsBetween } from '../licenses/sightings';
import type { SharingSuspect } from '../licenses/sightings';
import type { Store } from '../store';
import { num } from './dialect';

export type SightedKey = SharingSuspect & { license_key: string | null };
export type Sightings = { validations: { answered: number; refused: number }; seen_widely: SightedKey[] };

const LIMIT = 100;

export async function sightingFigures(db: Store, from: string, to: string, zone: string): Promise<Sightings> {
  const perDay = await validationsBetween(db, from, to, zone);
  const suspects = await sharingSuspects(db, from, to, zone, {
    minAddresses: SHARING_ADDRESSES,
    minDevices: SHARING_DEVICES,
    limit: LIMIT,
  });
  const ids = [...new Set(suspects.map((row) => num(row.license_id)))];
  const keys = new Map<number, string>();
  if (ids.length > 0) {
    const rows = await db.all<{ id: unknown; license_key: string }>(
      `SELECT id, license_key FROM licenses WHERE id IN (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    for (const row of rows) keys.set(num(row.id), row.license_key);
  }
  return {
    validations: {
      answered: perDay.reduce((sum, row) => sum + num(row.validations), 0),
      refused: perDay.reduce((sum, row) => sum + num(row.refusals), 0),
    },
    seen_widely: suspects.map((row) => ({
      license_id: num(row.license_id),
      license_key: keys.get(num(row.license_id)) ?? null,
      day: row.day,
      addresses: num(row.addresses),
      devices: num(row.devices),
      validations: num(row.validations),
      refusals: num(row.refusals),
    })),
  };
}
