import { wallTimeDaysAhead } from '../../contract/rules/shop-time';
import { store } from './state/store';

// Dates on screen go through components/shop-date.tsx, which re-renders when the zone arrives.

/** The datetime-local value `days` ahead of now in the shop's zone: presets and defaults for new expiries. */
export function localInputDaysAhead(days: number, now: Date = new Date()): string {
  return wallTimeDaysAhead(days, store.timeZone, now.getTime());
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
