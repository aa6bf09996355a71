/**
 * The shop's time zone in the browser: every date the admin reads or types is in it (WIB by
 * default), whatever zone the device is set to. The server names the zone (GET /api/time-zone).
 */

export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';
const DAY_MS = 86_400_000;

type Wall = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB'): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  return found;
}

function wallOf(time: number, zone: string): Wall {
  const options: Intl.DateTimeFormatOptions = { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' };
  const parts = formatter(`wall|${zone}`, options, 'en-US').formatToParts(new Date(time));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Milliseconds the zone is ahead of UTC at `time` (+07:00 is 25,200,000). */
function offsetAt(time: number, zone: string): number {
  const wall = wallOf(time, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(time / 60_000) * 60_000;
}

const pad = (value: number): string => String(Math.abs(value)).padStart(2, '0');

/** The zone's short name at that moment, as Indonesians write it: `WIB`, `WITA`, `WIT`, else `GMT+1`. */
export function zoneLabel(time: number, zone: string): string {
  const parts = formatter(`label|${zone}`, { timeZone: zone, timeZoneName: 'short' }, 'id-ID').formatToParts(new Date(time));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** `05 Dec 2026, 14:30 WIB` in the shop's zone; '—' for an empty value, the text itself when unreadable. */
export function formatInZone(value: string | null | undefined, zone: string): string {
  if (!value) return '—';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const options: Intl.DateTimeFormatOptions = { timeZone: zone, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return `${formatter(`show|${zone}`, options).format(new Date(time))} ${zoneLabel(time, zone)}`;
}

/** A `datetime-local` value (`2027-02-14T19:00`) as a moment: the wall time read in the shop's zone. */
export function wallTimeToMoment(value: string, zone: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the first guess can differ from the one at the answer across a DST change: look twice.
  const first = asUtc - offsetAt(asUtc, zone);
  return asUtc - offsetAt(first, zone);
}

/** The form value as the API reads it, with the zone's offset: `2027-02-14T19:00:00+07:00`; '' when unreadable. */
export function wallTimeToIso(value: string, zone: string): string {
  const moment = wallTimeToMoment(value, zone);
  if (moment === undefined) return '';
  const offset = offsetAt(moment, zone) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${value.slice(0, 16)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** A moment as a `datetime-local` value in the shop's zone. */
export function momentToWallTime(time: number, zone: string): string {
  const wall = wallOf(time, zone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The `datetime-local` value `days` from now, in the shop's zone. */
export function wallTimeDaysAhead(days: number, zone: string, now: number = Date.now()): string {
  return momentToWallTime(now + days * DAY_MS, zone);
}
