/** Moving a licence's expiry (extend, shorten, a renewal order), with its `expiry_changed` event. */
import { recordLicenseEventIn } from './events';
import type { LicenseActor } from './events';
import { findLicenseById } from './licenses';
import type { LicenseRow } from './licenses';
import type { Store, Transaction } from '../store';
import type { WithinChange } from '../activity/activity-log';

export type ExpiryChange = { license: LicenseRow; old: string; new: string };

/**
 * Sets a new expiry computed from the current one (`compute` runs inside the transaction, so two
 * concurrent extensions both count) and records `expiry_changed`. Undefined when the id is unknown.
 */
export async function changeLicenseExpiry(
  db: Store,
  id: number,
  compute: (current: LicenseRow) => string,
  at: string,
  data: Record<string, unknown>,
  actor: LicenseActor = 'admin',
  within?: WithinChange<ExpiryChange>,
): Promise<ExpiryChange | undefined> {
  return db.transaction(async (tx) => {
    const change = await moveLicenseExpiryIn(tx, id, compute, at, data, actor);
    if (change) await within?.(tx, change);
    return change;
  });
}

/** changeLicenseExpiry's work inside a transaction the caller holds. */
export async function moveLicenseExpiryIn(
  tx: Transaction,
  id: number,
  compute: (current: LicenseRow) => string,
  at: string,
  data: Record<string, unknown>,
  actor: LicenseActor,
): Promise<ExpiryChange | undefined> {
  const current = await findLicenseById(tx, id, at);
  if (!current) return undefined;
  const next = compute(current);
  await tx.run('UPDATE licenses SET expired_date = ?, updated_at = ? WHERE id = ?', [next, at, id]);
  await recordLicenseEventIn(tx, {
    license_id: id,
    type: 'expiry_changed',
    actor,
    device_id: null,
    at,
    data: { old: current.expired_date, new: next, ...data },
  });
  return { license: (await findLicenseById(tx, id, at))!, old: current.expired_date, new: next };
}
