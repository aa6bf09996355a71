import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatInZone, momentToWallTime, wallTimeDaysAhead, wallTimeToIso, wallTimeToMoment, zoneLabel } from './shop-time';

const JAKARTA = 'Asia/Jakarta';

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

test('zoneLabel', () => {
  assert.is(zoneLabel(Date.parse('2027-01-01T00:00:00Z'), JAKARTA), 'WIB');
  assert.is(zoneLabel(Date.parse('2027-01-01T00:00:00Z'), 'UTC'), 'UTC');
});

test.run();
