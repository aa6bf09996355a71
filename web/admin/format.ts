import { formatInZone, wallTimeDaysAhead, wallTimeToIso } from './shop-time';
import { store } from './state/store';

/** '05 Dec 2026, 14:30 WIB' in the shop's time zone; '—' for an empty value. */
export function formatDateTime(value: string | null | undefined): string {
  return formatInZone(value, store.timeZone);
}

/** A datetime-local value ('2026-12-05T14:30', the shop's wall time) as the API reads it, with the zone's offset; '' when unreadable. */
export function localInputToIso(value: string): string {
  return wallTimeToIso(value, store.timeZone);
}

/** The datetime-local value `days` ahead of now in the shop's zone: presets and defaults for new expiries. */
export function localInputDaysAhead(days: number, now: Date = new Date()): string {
  return wallTimeDaysAhead(days, store.timeZone, now.getTime());
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
