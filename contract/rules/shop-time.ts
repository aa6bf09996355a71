/**
 * The shop's time zone, on both sides of the wire: every date people read or type is in it (WIB by
 * default), whatever zone the server or the device runs in. The API itself speaks UTC ISO strings;
 * these are for screens, files and e-mails. Plain `Intl`, no schema library: the browser imports it.
 */
import { DAY_MS } from './durations';

/** `TIME_ZONE`'s default: the build renders pages with it, the admin starts with it. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export type Language = 'en' | 'id';

/** A moment as a wall clock reads it in some zone. */
type Wall = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  return found;
}

const pad = (value: number): string => String(Math.abs(value)).padStart(2, '0');

/** True for a zone name this runtime knows (`Asia/Jakarta`, `UTC`...). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

function wallOf(time: number, zone: string): Wall {
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  };
  const parts = formatter(`wall|${zone}`, 'en-US', options).formatToParts(new Date(time));
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** Milliseconds the zone is ahead of UTC at `time` (+07:00 is 25,200,000). */
function offsetAt(time: number, zone: string): number {
  const wall = wallOf(time, zone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(time / 60_000) * 60_000;
}

/** The moment a wall clock in the zone shows `wall`. */
function wallToMoment(wall: Wall, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset at the first guess can differ from the one at the answer across a DST change: look twice.
  const first = asUtc - offsetAt(asUtc, zone);
  return asUtc - offsetAt(first, zone);
}

/**
 * The zone's offset from UTC at `now`, and a moment until which it is known to hold (the start of
 * the day before its next change, or a year ahead). A browser given both reads the day without
 * `Intl`, whose first use loads ICU's time-zone data in one long task.
 */
export type SteadyOffset = { offset_minutes: number; until: string };

export function steadyOffset(now: number, zone: string): SteadyOffset {
  const offset = offsetAt(now, zone);
  let days = 1;
  while (days <= 366 && offsetAt(now + days * DAY_MS, zone) === offset) days += 1;
  return { offset_minutes: offset / 60_000, until: new Date(now + (days - 1) * DAY_MS).toISOString() };
}

/** `2026-11-22` at `now` for a zone `offsetMinutes` ahead of UTC; no `Intl`. */
export function dayAtOffset(now: number, offsetMinutes: number): string {
  return new Date(now + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** `2026-11-22`: the day it is at `now` in the zone. */
export function shopDay(now: Date, zone: string): string {
  const wall = wallOf(now.getTime(), zone);
  return `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** 00:00 of the day `iso` falls on in the zone, as a UTC ISO string (today's orders start there). */
export function startOfDay(iso: string, zone: string): string {
  const wall = wallOf(Date.parse(iso), zone);
  return new Date(wallToMoment({ ...wall, hour: 0, minute: 0 }, zone)).toISOString();
}

/** 23:59 of the day `iso` falls on in the zone, as a UTC ISO string (a licence ending with the day people name). */
export function endOfDay(iso: string, zone: string): string {
  const wall = wallOf(Date.parse(iso), zone);
  return new Date(wallToMoment({ ...wall, hour: 23, minute: 59 }, zone)).toISOString();
}

/** A `datetime-local` value (`2027-02-14T19:00`) as a moment: the wall time read in the shop's zone. */
export function wallTimeToMoment(value: string, zone: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return wallToMoment({ year, month, day, hour, minute }, zone);
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

/** The zone's short name at that moment, as Indonesians write it: `WIB`, `WITA`, `WIT`, `UTC`, else `GMT+1`. */
export function zoneLabel(at: string | number, zone: string): string {
  const options: Intl.DateTimeFormatOptions = { timeZone: zone, timeZoneName: 'short' };
  const parts = formatter(`label|${zone}`, 'id-ID', options).formatToParts(new Date(at));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** `05 Dec 2026, 14:30 WIB` in the shop's zone (the admin's lists); '—' when empty, the text itself when unreadable. */
export function formatInZone(value: string | null | undefined, zone: string): string {
  if (!value) return '—';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  return `${formatter(`show|${zone}`, 'en-GB', options).format(new Date(time))} ${zoneLabel(time, zone)}`;
}

// Written out, not Intl's: a public page names a day without loading ICU's data (last-updated.tsx).
const MONTHS: Record<Language, readonly string[]> = {
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** `2027-02-14` as people read it: `14 February 2027` (en) or `14 Februari 2027` (id). */
export function formatDayForPeople(day: string, language: Language = 'en'): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[language][(month ?? 1) - 1]} ${year}`;
}

/** `14 February 2027` (en) or `14 Februari 2027` (id): the day as it is in the shop's zone. */
export function formatDateForPeople(iso: string, zone: string, language: Language = 'en'): string {
  return formatDayForPeople(shopDay(new Date(iso), zone), language);
}

/** `14 February 2027 19:00 WIB` (en) or `14 Februari 2027 pukul 19:00 WIB` (id). */
export function formatDateTimeForPeople(iso: string, zone: string, language: Language = 'en'): string {
  const { hour, minute } = wallOf(Date.parse(iso), zone);
  const time = `${pad(hour)}:${pad(minute)} ${zoneLabel(iso, zone)}`;
  return `${formatDateForPeople(iso, zone, language)} ${language === 'id' ? 'pukul ' : ''}${time}`;
}

/**
 * The expiry customers read in their licence and access files (Indonesian). The date alone when
 * the licence runs past midday of that day; before midday the named day is mostly gone already
 * (`21 Januari 2027` for a licence ending 06:59 would promise a day it does not give), so the
 * time and zone follow: `21 Januari 2027 pukul 06:59 WIB`.
 */
export function formatExpiryForCustomers(iso: string, zone: string): string {
  const { hour } = wallOf(Date.parse(iso), zone);
  return hour >= 12 ? formatDateForPeople(iso, zone, 'id') : formatDateTimeForPeople(iso, zone, 'id');
}
