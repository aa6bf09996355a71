import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import {
  checkLease,
  deviceIdFrom,
  dropLease,
  keySha256,
  MAX_ROLLBACK_MS,
  storeLease,
  verifySignature,
} from './license-client-core';
import type { ClientState, SignedPayload } from './license-client-core';
import { DAY, DEVICE, KEY, keyPair, signed, T0 } from './license-client-test-keys';

const server = keyPair();
const stranger = keyPair();

test('verifySignature: accepts the pinned key and our nonce; refuses another key, a replayed nonce, tampering', () => {
  const good = signed(server.privateKey, server.pinned.kid, {});
  assert.ok(verifySignature(good, [server.pinned], 'nonce-1234').ok);
  const replay = verifySignature(good, [server.pinned], 'nonce-other');
  assert.equal(replay, { ok: false, reason: 'nonce mismatch (replayed or foreign answer)' });
  const fake = signed(stranger.privateKey, server.pinned.kid, {});
  assert.equal(verifySignature(fake, [server.pinned], 'nonce-1234'), {
    ok: false,
    reason: 'signature does not verify',
  });
  const unknownKid = signed(stranger.privateKey, stranger.pinned.kid, {});
  assert.not.ok(verifySignature(unknownKid, [server.pinned]).ok);
  const tampered = { ...good, payload: good.payload.slice(0, -2) + (good.payload.endsWith('A') ? 'BB' : 'AA') };
  assert.not.ok(verifySignature(tampered, [server.pinned]).ok);
  assert.equal(verifySignature(undefined, [server.pinned]), { ok: false, reason: 'answer is not signed' });
});

test('verifySignature: two pinned keys (rotation): either verifies', () => {
  const next = keyPair();
  assert.ok(verifySignature(signed(next.privateKey, next.pinned.kid, {}), [server.pinned, next.pinned]).ok);
});

function leased(localAtReceipt: number, payload: Partial<SignedPayload> = {}): ClientState {
  const signature = signed(server.privateKey, server.pinned.kid, payload);
  const verified = verifySignature(signature, [server.pinned]);
  if (!verified.ok) throw new Error(verified.reason);
  return storeLease({ device_id: DEVICE, license_key: KEY }, signature, verified.payload, localAtReceipt);
}

test('checkLease: valid offline until the lease expires (in server time)', () => {
  const state = leased(T0);
  const inside = checkLease(state, [server.pinned], T0 + 6 * DAY);
  assert.ok(inside.ok);
  assert.is(inside.state.last_local_time, T0 + 6 * DAY);
  const after = checkLease(state, [server.pinned], T0 + 7 * DAY);
  assert.equal([after.ok, after.ok ? '' : after.reason], [false, 'lease expired: validate online']);
});

test('checkLease: a local clock ahead of the server is corrected by the offset kept at receipt', () => {
  const state = leased(T0 + 2 * 3600 * 1000);
  assert.is(state.offset_ms, -2 * 3600 * 1000);
  assert.ok(checkLease(state, [server.pinned], T0 + 7 * DAY + 3600 * 1000).ok, 'local 7d+1h is server 6d23h');
});

test('checkLease: refuses a clock set back by more than 5 minutes, allows small drift', () => {
  const state = checkLease(leased(T0), [server.pinned], T0 + 3 * DAY).state;
  assert.ok(checkLease(state, [server.pinned], T0 + 3 * DAY - MAX_ROLLBACK_MS + 1000).ok, '4 minutes back is drift');
  const rolled = checkLease(state, [server.pinned], T0 + 3 * DAY - MAX_ROLLBACK_MS - 1000);
  assert.equal(
    [rolled.ok, rolled.ok ? '' : rolled.reason],
    [false, 'the clock was set back by more than 5 minutes: validate online'],
  );
  const beforeIssue = checkLease(leased(T0), [server.pinned], T0 - DAY);
  assert.not.ok(beforeIssue.ok);
});

test('checkLease: refuses an edited state file, a denial, another device, or no lease', () => {
  const state = leased(T0);
  const edited = {
    ...state,
    lease: { ...state.lease!, payload: state.lease!.payload.replace(/.$/, (char) => (char === 'x' ? 'y' : 'x')) },
  };
  assert.not.ok(checkLease(edited, [server.pinned], T0 + DAY).ok);
  assert.not.ok(
    checkLease(leased(T0, { valid: false, code: 'DEVICE_MISMATCH', lease_expires_at: null }), [server.pinned], T0 + DAY)
      .ok,
  );
  assert.not.ok(checkLease({ ...state, device_id: 'lb-other' }, [server.pinned], T0 + DAY).ok);
  assert.not.ok(checkLease(dropLease(state), [server.pinned], T0 + DAY).ok);
});

test('checkLease: refuses a lease kept beside another licence key (an edited or mixed-up state file)', () => {
  const state = leased(T0);
  const other = checkLease({ ...state, license_key: 'ABCDE-FGHJK-MNPQR-STVWX' }, [server.pinned], T0 + DAY);
  assert.equal([other.ok, other.ok ? '' : other.reason], [false, 'lease belongs to another licence key']);
  assert.not.ok(checkLease({ ...state, license_key: undefined }, [server.pinned], T0 + DAY).ok);
  assert.ok(
    checkLease({ ...state, license_key: ` ${KEY.toUpperCase()} ` }, [server.pinned], T0 + DAY).ok,
    'the same key typed differently',
  );
});

test('keySha256: the same value the server signs, for both key shapes as a user may type them', () => {
  for (const typed of [KEY, ` ${KEY.toUpperCase()}\n`, 'abcde-fghjk-mnpqr-stvwx', 'ABCDE-FGHJK-MNPQR-STVWX ']) {
    assert.is(keySha256(typed), hashLicenseKey(typed), typed);
  }
  assert.is.not(keySha256(KEY), keySha256('ABCDE-FGHJK-MNPQR-STVWX'));
});

test('deviceIdFrom: stable, fits the API rule, reveals nothing of the machine id', () => {
  const id = deviceIdFrom('4f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f\n');
  assert.is(id, deviceIdFrom('4f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f'));
  assert.match(id, /^[A-Za-z0-9._:-]{8,128}$/);
  assert.not.ok(id.includes('4f1c0d2e'));
});

test.run();
