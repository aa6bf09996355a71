import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  dayAtOffset,
  endOfDay,
  formatDateForPeople,
  formatDayForPeople,
  formatDateTimeForPeople,
  formatExpiryForCustomers,
  formatInZone,
  isTimeZone,
  momentToWallTime,
  shopDay,
  startOfDay,
  steadyOffset,
  wallTimeDaysAhead,
  wallTimeToIso,
  wallTimeToMoment,
  zoneLabel,
} from './shop-time';

const JAKARTA = 'Asia/Jakarta';

test('formatDateTimeForPeople: the wall time in the shop zone, labelled', () => {
  assert.is(formatDateTimeForPeople('2027-02-14T12:00:00.000Z', JAKARTA), '14 February 2027 19:00 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', JAKARTA), '21 January 2027 06:59 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', JAKARTA, 'id'), '21 Januari 2027 pukul 06:59 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', 'UTC'), '20 January 2027 23:59 UTC');
  assert.is(formatDateTimeForPeople('2027-01-20T17:00:00.000Z', JAKARTA), '21 January 2027 00:00 WIB');
});

test('formatDateForPeople writes what Intl writes, every month, both languages, without loading it', () => {
  for (const [language, locale] of [
    ['id', 'id-ID'],
    ['en', 'en-GB'],
  ] as const) {
    const intl = new Intl.DateTimeFormat(locale, { timeZone: JAKARTA, day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const iso = new Date(Date.UTC(2027, month, 9, 20)).toISOString();
      assert.is(formatDateForPeople(iso, JAKARTA, language), intl.format(new Date(iso)), `${language} ${iso}`);
    }
  }
  assert.is(formatDayForPeople('2025-01-05', 'id'), '5 Januari 2025');
});

test('formatDateForPeople: the day as it is in the zone, English or Indonesian', () => {
  assert.is(formatDateForPeople('2026-12-31T17:00:00.000Z', JAKARTA), '1 January 2027');
  assert.is(formatDateForPeople('2026-12-31T16:59:00.000Z', JAKARTA, 'id'), '31 Desember 2026');
  assert.is(formatDateForPeople('2026-08-17T00:00:00.000Z', JAKARTA, 'id'), '17 Agustus 2026');
});

test('formatExpiryForCustomers: the date alone from midday on, else with the time', () => {
  assert.is(formatExpiryForCustomers('2026-12-31T10:00:00.000Z', JAKARTA), '31 Desember 2026');
  assert.is(formatExpiryForCustomers('2027-01-21T16:59:00.000Z', JAKARTA), '21 Januari 2027');
  assert.is(formatExpiryForCustomers('2027-01-21T05:00:00.000Z', JAKARTA), '21 Januari 2027');
  assert.is(formatExpiryForCustomers('2027-01-20T23:59:00.000Z', JAKARTA), '21 Januari 2027 pukul 06:59 WIB');
  assert.is(formatExpiryForCustomers('2027-01-20T17:00:00.000Z', JAKARTA), '21 Januari 2027 pukul 00:00 WIB');
});

test('zoneLabel: Indonesian short names, a GMT offset elsewhere', () => {
  const at = '2027-01-15T00:00:00.000Z';
  assert.is(zoneLabel(at, JAKARTA), 'WIB');
  assert.is(zoneLabel(at, 'Asia/Makassar'), 'WITA');
  assert.is(zoneLabel(at, 'Asia/Jayapura'), 'WIT');
  assert.is(zoneLabel(at, 'UTC'), 'UTC');
  assert.is(zoneLabel(at, 'Europe/Berlin'), 'GMT+1');
  assert.is(zoneLabel(Date.parse(at), JAKARTA), 'WIB');
});

test('endOfDay: 23:59 of that day in the zone', () => {
  assert.is(endOfDay('2026-07-01T00:00:00.000Z', JAKARTA), '2026-07-01T16:59:00.000Z');
  assert.is(endOfDay('2026-07-01T18:00:00.000Z', JAKARTA), '2026-07-02T16:59:00.000Z');
  assert.is(endOfDay('2026-07-01T18:00:00.000Z', 'UTC'), '2026-07-01T23:59:00.000Z');
  assert.is(endOfDay('2026-03-29T12:00:00.000Z', 'Europe/Berlin'), '2026-03-29T21:59:00.000Z');
  assert.is(endOfDay('2026-03-28T12:00:00.000Z', 'Europe/Berlin'), '2026-03-28T22:59:00.000Z');
});

test('shopDay: the day in the shop zone, whatever the device zone', () => {
  // 20:00 UTC on the 21st is already 03:00 on the 22nd in Jakarta, still the 21st in New York.
  assert.is(shopDay(new Date('2026-11-21T20:00:00Z'), JAKARTA), '2026-11-22');
  assert.is(shopDay(new Date('2026-11-21T16:59:00Z'), JAKARTA), '2026-11-21');
  assert.is(shopDay(new Date('2026-11-21T20:00:00Z'), 'America/New_York'), '2026-11-21');
  assert.is(shopDay(new Date('2026-11-21T15:30:00Z'), 'Asia/Jayapura'), '2026-11-22');
  assert.is(shopDay(new Date('0999-03-04T12:00:00Z'), 'UTC').length, 10);
});

test('startOfDay: 00:00 of that day in the zone, also on a day of 23 or 25 hours', () => {
  assert.is(startOfDay('2026-07-01T00:00:00.000Z', JAKARTA), '2026-06-30T17:00:00.000Z');
  assert.is(startOfDay('2026-07-01T18:00:00.000Z', JAKARTA), '2026-07-01T17:00:00.000Z');
  assert.is(startOfDay('2026-07-01T16:59:59.999Z', JAKARTA), '2026-06-30T17:00:00.000Z');
  assert.is(startOfDay('2026-07-01T18:00:00.000Z', 'UTC'), '2026-07-01T00:00:00.000Z');
  // Berlin's clocks go forward on 29 March 2026 and back on 25 October 2026: both days begin at 00:00 CET (+01:00).
  assert.is(startOfDay('2026-03-29T12:00:00.000Z', 'Europe/Berlin'), '2026-03-28T23:00:00.000Z');
  assert.is(startOfDay('2026-10-25T12:00:00.000Z', 'Europe/Berlin'), '2026-10-24T22:00:00.000Z');
  assert.is(startOfDay('2026-11-01T12:00:00.000Z', 'America/New_York'), '2026-11-01T04:00:00.000Z');
});

test('formatInZone: in the shop zone with its label, whatever the device zone', () => {
  assert.is(formatInZone('2027-02-14T12:00:00.000Z', JAKARTA), '14 Feb 2027, 19:00 WIB');
  assert.is(formatInZone('2027-01-20T23:59:00.000Z', JAKARTA), '21 Jan 2027, 06:59 WIB');
  assert.is(formatInZone('2027-01-20T23:59:00.000Z', 'Asia/Makassar'), '21 Jan 2027, 07:59 WITA');
  assert.is(formatInZone('2030-06-11T03:00:00.000Z', JAKARTA), '11 Jun 2030, 10:00 WIB');
  assert.is(formatInZone(null, JAKARTA), '—');
  assert.is(formatInZone('soon', JAKARTA), 'soon');
});

test('wallTimeToIso: a datetime-local value means WIB, sent with +07:00', () => {
  assert.is(wallTimeToIso('2027-02-14T19:00', JAKARTA), '2027-02-14T19:00:00+07:00');
  assert.is(wallTimeToIso('2027-02-14T19:00', 'Asia/Jayapura'), '2027-02-14T19:00:00+09:00');
  assert.is(wallTimeToIso('2027-02-14T19:00', 'UTC'), '2027-02-14T19:00:00+00:00');
  assert.is(wallTimeToIso('2026-07-01T12:00', 'America/New_York'), '2026-07-01T12:00:00-04:00');
  assert.is(wallTimeToIso('2026-12-01T12:00', 'America/New_York'), '2026-12-01T12:00:00-05:00');
  assert.is(wallTimeToIso('', JAKARTA), '');
  assert.is(wallTimeToIso('tomorrow', JAKARTA), '');
  assert.is(wallTimeToMoment('2027-02-14T19:00', JAKARTA), Date.parse('2027-02-14T12:00:00Z'));
});

test('momentToWallTime and wallTimeDaysAhead: presets from now, in WIB', () => {
  const now = Date.parse('2026-11-22T20:30:00Z');
  assert.is(momentToWallTime(now, JAKARTA), '2026-11-23T03:30');
  assert.is(wallTimeDaysAhead(4, JAKARTA, now), '2026-11-27T03:30');
  assert.is(wallTimeDaysAhead(365, JAKARTA, now), '2027-11-23T03:30');
  assert.is(wallTimeToMoment(wallTimeDaysAhead(30, JAKARTA, now), JAKARTA), now + 30 * 86_400_000);
});

test('steadyOffset and dayAtOffset: the day without Intl while the offset holds', () => {
  const now = Date.parse('2026-11-22T17:30:00Z');
  // WIB has no daylight saving: +07:00 for the whole year ahead.
  assert.equal(steadyOffset(now, JAKARTA), { offset_minutes: 420, until: '2027-11-23T17:30:00.000Z' });
  for (const at of [now, Date.parse('2026-11-22T16:59:00Z'), Date.parse('2026-12-31T17:00:00Z')])
    assert.is(dayAtOffset(at, 420), shopDay(new Date(at), JAKARTA), new Date(at).toISOString());
  // Berlin moves to summer time on 29 March 2027 at 01:00 UTC: the winter offset holds until the
  // day before, never past the change.
  const berlin = steadyOffset(Date.parse('2027-03-20T12:00:00Z'), 'Europe/Berlin');
  assert.is(berlin.offset_minutes, 60);
  assert.is(berlin.until, '2027-03-27T12:00:00.000Z');
  assert.ok(Date.parse(berlin.until) < Date.parse('2027-03-28T01:00:00Z'));
  assert.equal(steadyOffset(now, 'America/New_York').offset_minutes, -300);
  assert.is(dayAtOffset(Date.parse('2026-11-22T03:00:00Z'), -300), '2026-11-21');
});

test('isTimeZone', () => {
  for (const zone of [JAKARTA, 'UTC', 'Asia/Makassar', 'Europe/Berlin']) assert.ok(isTimeZone(zone), zone);
  for (const zone of ['', ' ', 'Asia/Atlantis', 'WIB', '+07:00']) assert.not.ok(isTimeZone(zone), zone);
});

test.run();
