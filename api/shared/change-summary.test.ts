import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expirySummary, fieldChanges, mergeChanges, shortValue } from './change-summary';

test('fieldChanges: only the fields whose value differs, compared as JSON, under a prefix', () => {
  const changes = fieldChanges(
    { price_idr: 150_000, perks: ['a'], note: 'x', checkout_url: 'https://a' },
    { price_idr: 175_000, perks: ['a'], note: 'x', checkout_url: 'https://b' },
    'plan p1 ',
  );
  assert.equal(changes.before, { 'plan p1 price_idr': 150_000, 'plan p1 checkout_url': 'https://a' });
  assert.equal(changes.after, { 'plan p1 price_idr': 175_000, 'plan p1 checkout_url': 'https://b' });
  assert.is(changes.summary, 'plan p1 price_idr 150000 → 175000, plan p1 checkout_url https://a → https://b');
  assert.is(fieldChanges({ a: 1, b: [1] }, { a: 1, b: [1] }).summary, '', 'nothing changed');
  assert.is(fieldChanges({}, { a: null }).summary, '', 'missing and null are the same');
});

test('fieldChanges: a key naming a password, secret or token keeps no value', () => {
  const changes = fieldChanges({ smtp_password: 'old', api_token: 't1' }, { smtp_password: 'new', api_token: 't2' });
  assert.equal(changes.before, { smtp_password: '(hidden)', api_token: '(hidden)' });
  assert.equal(changes.after, { smtp_password: '(hidden)', api_token: '(hidden)' });
  assert.is(changes.summary, 'smtp_password changed, api_token changed');
});

test('shortValue and the summary length: one line, long values and summaries cut', () => {
  assert.is(shortValue(''), '—');
  assert.is(shortValue(null), '—');
  assert.is(shortValue('two\n  lines'), 'two lines');
  assert.is(shortValue(['a', 1]), '["a",1]');
  assert.is(shortValue('x'.repeat(100)).length, 60);
  const long = fieldChanges(
    { a: 'x' },
    Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'y'.repeat(40)])),
  );
  assert.ok(long.summary.length <= 400 && long.summary.endsWith('…'));
});

test('mergeChanges joins the parts that changed; expirySummary reads in the shop’s zone', () => {
  const merged = mergeChanges([
    fieldChanges({ a: 1 }, { a: 2 }),
    fieldChanges({ b: 1 }, { b: 1 }),
    fieldChanges({ c: 'x' }, { c: 'y' }),
  ]);
  assert.is(merged.summary, 'a 1 → 2; c x → y');
  assert.equal(merged.after, { a: 2, c: 'y' });
  // 18:00 UTC is already the next day in WIB.
  assert.is(
    expirySummary('2026-11-30T18:00:00.000Z', '2026-12-31T16:59:00.000Z', 'Asia/Jakarta'),
    'expiry 1 December 2026 → 31 December 2026',
  );
});

test.run();
