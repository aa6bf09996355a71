import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { keySha256, pinnedKeyFromPem, SIGNATURE_PREFIX } from './license-client-core';
import type { PinnedKey, Signature, SignedPayload } from './license-client-core';

/** Test fixtures: a stand-in signing key the tests pin, and answers signed with it. */
export const T0 = Date.parse('2026-05-01T10:00:00.000Z');
export const DAY = 24 * 3600 * 1000;
export const KEY = '0b7c3a52-9d41-4e0f-8a6b-2c5d7e9f1a3b';
export const DEVICE = 'lb-device';

export type TestKey = { privateKey: KeyObject; pinned: PinnedKey };

export function keyPair(): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKey,
    pinned: pinnedKeyFromPem(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()),
  };
}

/** A VALID validate answer for KEY on DEVICE with nonce 'nonce-1234', with `payload` laid over it. */
export function signed(privateKey: KeyObject, kid: string, payload: Partial<SignedPayload>): Signature {
  const full: SignedPayload = {
    v: 1,
    typ: 'validate',
    code: 'VALID',
    valid: true,
    product: 'loopbot',
    license_id: 1,
    key_sha256: keySha256(KEY),
    device_id: DEVICE,
    status: 'active',
    expires_at: new Date(T0 + 30 * DAY).toISOString(),
    issued_at: new Date(T0).toISOString(),
    lease_expires_at: new Date(T0 + 7 * DAY).toISOString(),
    nonce: 'nonce-1234',
    ...payload,
  };
  const encoded = Buffer.from(JSON.stringify(full)).toString('base64url');
  return {
    alg: 'Ed25519',
    kid,
    payload: encoded,
    sig: sign(null, Buffer.from(SIGNATURE_PREFIX + encoded), privateKey).toString('base64url'),
  };
}
