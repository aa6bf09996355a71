/**
 * Dates as people read them: in the shop's time zone (`TIME_ZONE`, default Asia/Jakarta), labelled
 * with the zone's short name (`WIB`). The API itself keeps speaking UTC ISO strings; these texts
 * are for alerts, files and e-mails.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export type Language = 'en' | 'id';

type WallParts = { year: number; month: number; day: number; hour: number; minute: number };

const LOCALE: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** True for a zone name this runtime knows (`Asia/Jakarta`, `UTC`...). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

function wallParts(date: Date, zone: string): WallParts {
  const parts = formatter(`parts|${zone}`, () =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }),
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((item) => item.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** 23:59 of the day `iso` falls on in the zone, as a UTC ISO string (a licence ending with the day people name). */
export function endOfDay(iso: string, zone: string): string {
  const wall = wallParts(new Date(iso), zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, 23, 59);
  const offsetAt = (time: number): number => {
    const seen = wallParts(new Date(time), zone);
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - time;
  };
  // The offset at the first guess may differ from the one at the answer across a DST change: look twice.
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first)).toISOString();
}

/** The zone's short name at that moment, as Indonesians write it: `WIB`, `WITA`, `WIT`, `UTC`, else `GMT+1`. */
export function zoneLabel(iso: string, zone: string): string {
  const parts = formatter(`label|${zone}`, () => new Intl.DateTimeFormat('id-ID', { timeZone: zone, timeZoneName: 'short' })).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** `14 February 2027` (en) or `14 Februari 2027` (id): the day as it is in the shop's zone. */
export function formatDateForPeople(iso: string, zone: string, language: Language = 'en'): string {
  return formatter(`date|${language}|${zone}`, () =>
    new Intl.DateTimeFormat(LOCALE[language], { timeZone: zone, day: 'numeric', month: 'long', year: 'numeric' }),
  ).format(new Date(iso));
}

/** `14 February 2027 19:00 WIB` (en) or `14 Februari 2027 pukul 19:00 WIB` (id). */
export function formatDateTimeForPeople(iso: string, zone: string, language: Language = 'en'): string {
  const { hour, minute } = wallParts(new Date(iso), zone);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${zoneLabel(iso, zone)}`;
  return `${formatDateForPeople(iso, zone, language)} ${language === 'id' ? 'pukul ' : ''}${time}`;
}

/**
 * The expiry customers read in their licence and access files (Indonesian). The date alone when
 * the licence runs past midday of that day; before midday the named day is mostly gone already
 * (`21 Januari 2027` for a licence ending 06:59 would promise a day it does not give), so the
 * time and zone follow: `21 Januari 2027 pukul 06:59 WIB`.
 */
export function formatExpiryForCustomers(iso: string, zone: string): string {
  const { hour } = wallParts(new Date(iso), zone);
  return hour >= 12 ? formatDateForPeople(iso, zone, 'id') : formatDateTimeForPeople(iso, zone, 'id');
}
