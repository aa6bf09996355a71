import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { endOfDay, formatDateForPeople, formatDateTimeForPeople, formatExpiryForCustomers, isTimeZone, zoneLabel } from './shop-time';

const JAKARTA = 'Asia/Jakarta';

test('formatDateTimeForPeople: the wall time in the shop zone, labelled', () => {
  assert.is(formatDateTimeForPeople('2027-02-14T12:00:00.000Z', JAKARTA), '14 February 2027 19:00 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', JAKARTA), '21 January 2027 06:59 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', JAKARTA, 'id'), '21 Januari 2027 pukul 06:59 WIB');
  assert.is(formatDateTimeForPeople('2027-01-20T23:59:00.000Z', 'UTC'), '20 January 2027 23:59 UTC');
  assert.is(formatDateTimeForPeople('2027-01-20T17:00:00.000Z', JAKARTA), '21 January 2027 00:00 WIB');
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
});

test('endOfDay: 23:59 of that day in the zone', () => {
  assert.is(endOfDay('2026-07-01T00:00:00.000Z', JAKARTA), '2026-07-01T16:59:00.000Z');
  assert.is(endOfDay('2026-07-01T18:00:00.000Z', JAKARTA), '2026-07-02T16:59:00.000Z');
  assert.is(endOfDay('2026-07-01T18:00:00.000Z', 'UTC'), '2026-07-01T23:59:00.000Z');
  assert.is(endOfDay('2026-03-29T12:00:00.000Z', 'Europe/Berlin'), '2026-03-29T21:59:00.000Z');
  assert.is(endOfDay('2026-03-28T12:00:00.000Z', 'Europe/Berlin'), '2026-03-28T22:59:00.000Z');
});

test('isTimeZone', () => {
  for (const zone of [JAKARTA, 'UTC', 'Asia/Makassar', 'Europe/Berlin']) assert.ok(isTimeZone(zone), zone);
  for (const zone of ['', ' ', 'Asia/Atlantis', 'WIB', '+07:00']) assert.not.ok(isTimeZone(zone), zone);
});

test.run();
