import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_DAYS } from '../../contract/rules/durations';
import { addDays, parseDateTime, parseDays } from './date-time';
import { HttpError } from '../http/http-error';

function status(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
  return undefined;
}

const valid: Array<[string, string]> = [
  ['2026-12-31T10:00', '2026-12-31T10:00:00.000Z'],
  ['2026-12-31T10:00:30', '2026-12-31T10:00:30.000Z'],
  ['2026-12-31 10:00', '2026-12-31T10:00:00.000Z'],
  ['2026-12-31', '2026-12-31T00:00:00.000Z'],
  ['2026-12-31T10:00:00.123456Z', '2026-12-31T10:00:00.123Z'],
  ['2026-12-31T17:00:00+07:00', '2026-12-31T10:00:00.000Z'],
  ['2026-12-31T05:00:00-0500', '2026-12-31T10:00:00.000Z'],
  ['  2028-02-29T00:00Z ', '2028-02-29T00:00:00.000Z'],
];
for (const [input, expected] of valid) {
  test(`parseDateTime: ${JSON.stringify(input)} → ${expected}`, () => {
    assert.is(parseDateTime(input, 'expired_date'), expected);
  });
}

const invalid: unknown[] = [
  '2026-02-30',
  '2027-02-29T00:00',
  '2026-13-01',
  '2026-12-31T24:00',
  '2026-12-31T10:60',
  'tomorrow',
  '31/12/2026',
  '1999-12-31',
  '10000-01-01',
  '2026-12-31T10:00+25:00',
  20261231,
  true,
  {},
  ['2026-12-31'],
];
for (const input of invalid) {
  test(`parseDateTime refuses ${JSON.stringify(input)} with 400`, () => {
    assert.is(
      status(() => parseDateTime(input, 'expired_date')),
      400,
    );
  });
}

test('parseDateTime: missing says required', () => {
  for (const input of [undefined, null, '']) {
    try {
      parseDateTime(input, 'expired_date');
      assert.unreachable();
    } catch (error) {
      assert.is((error as Error).message, 'expired_date is required');
    }
  }
});

test('parseDays: whole numbers from 1 to MAX_DAYS, numbers or digit strings', () => {
  assert.is(parseDays(30), 30);
  assert.is(parseDays('7'), 7);
  assert.is(parseDays(MAX_DAYS), MAX_DAYS);
  for (const bad of [
    0,
    -1,
    1.5,
    MAX_DAYS + 1,
    'abc',
    '1.5',
    '-3',
    '',
    '1e3',
    null,
    undefined,
    NaN,
    Infinity,
    [30],
    { days: 1 },
    true,
  ]) {
    try {
      parseDays(bad);
      assert.unreachable(`accepted ${String(bad)}`);
    } catch (error) {
      assert.instance(error, HttpError);
      assert.is((error as HttpError).message, 'Please enter a valid number of days');
    }
  }
});

test('addDays: forward and back, refuses leaving years 2000-9999', () => {
  assert.is(addDays('2026-01-31T10:00:00.000Z', 30), '2026-03-02T10:00:00.000Z');
  assert.is(addDays('2026-01-31T10:00:00.000Z', -31), '2025-12-31T10:00:00.000Z');
  assert.is(
    status(() => addDays('9990-01-01T00:00:00.000Z', MAX_DAYS)),
    400,
  );
  assert.is(
    status(() => addDays('2000-01-02T00:00:00.000Z', -10)),
    400,
  );
});

test.run();
