/**
 * What the desktop app does with a licence answer, as pure functions: verify the signature with a
 * pinned key, check the nonce, keep the lease, and check it offline (refusing a rolled-back clock).
 * The CLI in license-client.ts wires these to HTTP and a state file.
 */
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const SIGNATURE_PREFIX = 'LOOPBOT-LICENSE-V1\n';
/** A local clock more than this far behind the latest time we saw means it was set back. */
export const MAX_ROLLBACK_MS = 5 * 60 * 1000;

export type PinnedKey = { kid: string; key: KeyObject };

export type SignedPayload = {
  v: number;
  typ: string;
  code: string;
  valid: boolean;
  product: string | null;
  license_id: number | null;
  key_sha256: string | null;
  device_id: string | null;
  status: string | null;
  expires_at: string | null;
  issued_at: string;
  lease_expires_at: string | null;
  nonce: string | null;
};

export type Signature = { alg: string; kid: string; payload: string; sig: string };

/** What the client keeps on disk between runs. */
export type ClientState = {
  device_id: string;
  license_key?: string;
  /** The last valid answer's signature block: re-verified at every offline check, so editing the file breaks it. */
  lease?: Signature;
  /** Server time minus local time when the lease arrived. */
  offset_ms?: number;
  /** The latest local time the client has seen (ms): a clock earlier than this by > 5 minutes was set back. */
  last_local_time?: number;
};

export type Verified = { ok: true; payload: SignedPayload } | { ok: false; reason: string };
export type LeaseCheck = { ok: true; expiresAt: string; state: ClientState } | { ok: false; reason: string; state: ClientState };

export function makeNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** A stable id for this machine that does not reveal the machine id itself. */
export function deviceIdFrom(machineId: string): string {
  return 'lb-' + createHash('sha256').update(`loopbot-device:${machineId.trim()}`).digest('hex').slice(0, 40);
}

export function pinnedKeyFromPem(pem: string): PinnedKey {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the pinned key is not an Ed25519 public key');
  const kid = createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
  return { kid, key };
}

/** Trusts only the signed payload: signature by a pinned key, version 1, and the nonce we sent (when we sent one). */
export function verifySignature(signature: unknown, pinned: readonly PinnedKey[], expectedNonce?: string | null): Verified {
  const block = signature as Partial<Signature> | null | undefined;
  if (!block || block.alg !== 'Ed25519' || typeof block.payload !== 'string' || typeof block.sig !== 'string') {
    return { ok: false, reason: 'answer is not signed' };
  }
  const key = pinned.find((candidate) => candidate.kid === block.kid);
  if (!key) return { ok: false, reason: `answer signed by an unknown key (kid ${String(block.kid)})` };
  const valid = verify(null, Buffer.from(SIGNATURE_PREFIX + block.payload, 'utf8'), key.key, Buffer.from(block.sig, 'base64url'));
  if (!valid) return { ok: false, reason: 'signature does not verify' };
  let payload: SignedPayload;
  try {
    payload = JSON.parse(Buffer.from(block.payload, 'base64url').toString('utf8')) as SignedPayload;
  } catch {
    return { ok: false, reason: 'signed payload is not JSON' };
  }
  if (payload.v !== 1) return { ok: false, reason: `unsupported payload version ${String(payload.v)}` };
  if (expectedNonce !== undefined && payload.nonce !== expectedNonce) return { ok: false, reason: 'nonce mismatch (replayed or foreign answer)' };
  return { ok: true, payload };
}

/** After a verified valid answer: keep its signature block and the clock offset. */
export function storeLease(state: ClientState, signature: Signature, payload: SignedPayload, localNow: number): ClientState {
  return {
    ...state,
    lease: signature,
    offset_ms: Date.parse(payload.issued_at) - localNow,
    last_local_time: Math.max(state.last_local_time ?? 0, localNow),
  };
}

export function dropLease(state: ClientState): ClientState {
  const { lease: _lease, offset_ms: _offset, ...rest } = state;
  return rest;
}

/** The offline check the app runs at start and now and then: may it run without reaching the server? */
export function checkLease(state: ClientState, pinned: readonly PinnedKey[], localNow: number): LeaseCheck {
  if (!state.lease) return { ok: false, reason: 'no lease: activate or validate online', state };
  const lastLocal = state.last_local_time ?? 0;
  if (localNow < lastLocal - MAX_ROLLBACK_MS) {
    return { ok: false, reason: 'the clock was set back by more than 5 minutes: validate online', state };
  }
  const verified = verifySignature(state.lease, pinned);
  if (!verified.ok) return { ok: false, reason: `stored lease refused: ${verified.reason}`, state };
  const { payload } = verified;
  if (!payload.valid || payload.lease_expires_at === null) return { ok: false, reason: `stored answer is not a lease (${payload.code})`, state };
  if (payload.device_id !== state.device_id) return { ok: false, reason: 'lease belongs to another device', state };
  const serverNow = localNow + (state.offset_ms ?? 0);
  // Also a rollback: a clock before the time the lease was issued.
  if (serverNow < Date.parse(payload.issued_at) - MAX_ROLLBACK_MS) {
    return { ok: false, reason: 'the clock is before the lease was issued: validate online', state };
  }
  const next = { ...state, last_local_time: Math.max(lastLocal, localNow) };
  if (serverNow >= Date.parse(payload.lease_expires_at)) return { ok: false, reason: 'lease expired: validate online', state: next };
  return { ok: true, expiresAt: payload.lease_expires_at, state: next };
}
