import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Type } from '@sinclair/typebox';
import { CALLS } from './calls';
import { checkFields } from './check-fields';
import { createLicense, extendLicense } from './licenses';

const VALID = { email: ' budi@example.com ', expired_date: '2026-12-31T10:00' };

test('checkFields: the first bad field in schema order, with the texts the API has always given', () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ expired_date: '2026-12-31T10:00' }, 'email is required'],
    [{ email: '   ', expired_date: '2026-12-31T10:00' }, 'email is required'],
    [{ email: null, expired_date: '2026-12-31T10:00' }, 'email is required'],
    [{ email: 42, expired_date: '2026-12-31T10:00' }, 'email must be a string'],
    [{ email: 'not-an-email', expired_date: '2026-12-31T10:00' }, 'email must be a valid e-mail address'],
    [{ email: `${'a'.repeat(250)}@example.com`, expired_date: 'x' }, 'email is too long (max 254 characters)'],
    [{ email: 'a@example.com' }, 'expired_date is required'],
    [{ email: 'a@example.com', expired_date: 5 }, 'expired_date must be a date-time string'],
    [{ ...VALID, app_type: ['loopbot'] }, 'app_type must be a string'],
    [{ ...VALID, app_type: 'loopstreamer' }, 'app_type must be loopbot or loopstream'],
  ];
  for (const [body, error] of cases)
    assert.equal(checkFields(createLicense.body, body), { ok: false, error }, JSON.stringify(body));
});

test('checkFields: trims declared texts, keeps optional fields absent, drops undeclared ones', () => {
  assert.equal(checkFields(createLicense.body, { ...VALID, extra: 1 }), {
    ok: true,
    value: { email: 'budi@example.com', expired_date: '2026-12-31T10:00' },
  });
  assert.equal(checkFields(createLicense.body, { ...VALID, app_type: '' }), {
    ok: true,
    value: { email: 'budi@example.com', expired_date: '2026-12-31T10:00', app_type: '' },
  });
});

test('checkFields: unions (days as a number or digits) and their own texts', () => {
  const invalid = { ok: false, error: 'Please enter a valid number of days' };
  assert.equal(checkFields(extendLicense.body, { days: 30 }), { ok: true, value: { days: 30 } });
  assert.equal(checkFields(extendLicense.body, { days: ' 30 ' }), { ok: true, value: { days: ' 30 ' } });
  for (const days of [0, -1, 1.5, 36_501, 'ten', true, [], undefined])
    assert.equal(checkFields(extendLicense.body, { days }), invalid, String(days));
});

test("checkFields: U+0000 anywhere in a field (nested texts and keys too) is refused by the field's name", () => {
  const nul = (name: string): { ok: false; error: string } => ({
    ok: false,
    error: `${name} must not contain the character U+0000 (NUL)`,
  });
  assert.equal(checkFields(createLicense.body, { ...VALID, email: 'bu\u0000di@example.com' }), nul('email'));
  const loose = Type.Object({ plans: Type.Array(Type.Unknown()), note: Type.Optional(Type.Unknown()) });
  assert.equal(checkFields(loose, { plans: [{ name: 'ok' }, { name: ['a', 'b\u0000'] }] }), nul('plans'));
  assert.equal(checkFields(loose, { plans: [{ ['k\u0000']: 1 }] }), nul('plans'));
  assert.equal(checkFields(loose, { plans: [], note: { deep: { deeper: '\u0000' } } }), nul('note'));
  assert.equal(checkFields(loose, { plans: [{ name: 'U+0000 written out, a \\u0000 escape' }] }).ok, true);
});

test('every call that reads a body, a form or a query declares the 400 its bad fields get', () => {
  for (const call of CALLS) {
    const spec = call as {
      id: string;
      body?: unknown;
      form?: unknown;
      query?: unknown;
      answers: Record<number, unknown>;
    };
    if (spec.body || spec.form || spec.query) assert.ok(400 in spec.answers, `${spec.id} declares no 400`);
  }
});

test.run();
