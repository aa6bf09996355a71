import { formatInZone, momentToWallTime, wallTimeToIso, wallTimeToMoment } from '../../../contract/rules/shop-time';
import { confirmAction } from './dialogs';
import { store } from './store';

/** An expiry as a form starts it: its wall time in the shop's zone ('' for a new record), and the stored value. */
export type StartingExpiry = { wall: string; iso: string };

export function startingExpiry(iso: string | undefined): StartingExpiry {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? { wall: '', iso: '' } : { wall: momentToWallTime(time, store.timeZone), iso: iso! };
}

/**
 * The form's expiry as the API reads it (`2027-02-14T19:00:00+07:00`), or null when the owner
 * declined: a changed expiry already past is saved only after a confirmation. An unchanged one
 * is sent as stored, to the second.
 */
export function expiryToSave(wall: string, start: StartingExpiry, subject: string): string | null {
  if (start.iso && wall === start.wall) return start.iso;
  const zone = store.timeZone;
  const moment = wallTimeToMoment(wall, zone);
  if (moment !== undefined && moment <= Date.now()) {
    const when = formatInZone(new Date(moment).toISOString(), zone);
    if (!confirmAction(`The expiry ${when} is in the past: the ${subject} will be expired at once. Save it anyway?`))
      return null;
  }
  return wallTimeToIso(wall, zone);
}
