import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkLease, deviceIdFrom, dropLease, MAX_ROLLBACK_MS, pinnedKeyFromPem, SIGNATURE_PREFIX, storeLease, verifySignature } from './license-client-core';
import type { ClientState, PinnedKey, Signature, SignedPayload } from './license-client-core';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const DAY = 24 * 3600 * 1000;

function keyPair(): { privateKey: KeyObject; pinned: PinnedKey } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, pinned: pinnedKeyFromPem(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()) };
}

function signed(privateKey: KeyObject, kid: string, payload: Partial<SignedPayload>): Signature {
  const full: SignedPayload = {
    v: 1, typ: 'validate', code: 'VALID', valid: true, product: 'loopbot', license_id: 1, key_sha256: 'a'.repeat(64),
    device_id: 'lb-device', status: 'active', expires_at: new Date(T0 + 30 * DAY).toISOString(), issued_at: new Date(T0).toISOString(),
    lease_expires_at: new Date(T0 + 7 * DAY).toISOString(), nonce: 'nonce-1234', ...payload,
  };
  const encoded = Buffer.from(JSON.stringify(full)).toString('base64url');
  return { alg: 'Ed25519', kid, payload: encoded, sig: sign(null, Buffer.from(SIGNATURE_PREFIX + encoded), privateKey).toString('base64url') };
}

const server = keyPair();
const stranger = keyPair();

test('verifySignature: accepts the pinned key and our nonce; refuses another key, a replayed nonce, tampering', () => {
  const good = signed(server.privateKey, server.pinned.kid, {});
  assert.ok(verifySignature(good, [server.pinned], 'nonce-1234').ok);
  const replay = verifySignature(good, [server.pinned], 'nonce-other');
  assert.equal(replay, { ok: false, reason: 'nonce mismatch (replayed or foreign answer)' });
  const fake = signed(stranger.privateKey, server.pinned.kid, {});
  assert.equal(verifySignature(fake, [server.pinned], 'nonce-1234'), { ok: false, reason: 'signature does not verify' });
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
  return storeLease({ device_id: 'lb-device', license_key: 'k' }, signature, verified.payload, localAtReceipt);
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
  assert.equal([rolled.ok, rolled.ok ? '' : rolled.reason], [false, 'the clock was set back by more than 5 minutes: validate online']);
  const beforeIssue = checkLease(leased(T0), [server.pinned], T0 - DAY);
  assert.not.ok(beforeIssue.ok);
});

test('checkLease: refuses an edited state file, a denial, another device, or no lease', () => {
  const state = leased(T0);
  const edited = { ...state, lease: { ...state.lease!, payload: state.lease!.payload.replace(/.$/, (char) => (char === 'x' ? 'y' : 'x')) } };
  assert.not.ok(checkLease(edited, [server.pinned], T0 + DAY).ok);
  assert.not.ok(checkLease(leased(T0, { valid: false, code: 'DEVICE_MISMATCH', lease_expires_at: null }), [server.pinned], T0 + DAY).ok);
  assert.not.ok(checkLease({ ...state, device_id: 'lb-other' }, [server.pinned], T0 + DAY).ok);
  assert.not.ok(checkLease(dropLease(state), [server.pinned], T0 + DAY).ok);
});

test('deviceIdFrom: stable, fits the API rule, reveals nothing of the machine id', () => {
  const id = deviceIdFrom('4f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f\n');
  assert.is(id, deviceIdFrom('4f1c0d2e9a8b7c6d5e4f3a2b1c0d9e8f'));
  assert.match(id, /^[A-Za-z0-9._:-]{8,128}$/);
  assert.not.ok(id.includes('4f1c0d2e'));
});

test.run();
