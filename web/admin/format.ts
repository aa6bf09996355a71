import { formatInZone, wallTimeDaysAhead } from './shop-time';
import { store } from './state/store';

/** '05 Dec 2026, 14:30 WIB' in the shop's time zone; '—' for an empty value. */
export function formatDateTime(value: string | null | undefined): string {
  return formatInZone(value, store.timeZone);
}

/** The datetime-local value `days` ahead of now in the shop's zone: presets and defaults for new expiries. */
export function localInputDaysAhead(days: number, now: Date = new Date()): string {
  return wallTimeDaysAhead(days, store.timeZone, now.getTime());
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
