/**
 * What the desktop app does with a licence answer, as pure functions a port can copy one by one:
 * verify the signature with a pinned key, check that the answer is about the request just sent
 * (call, nonce, device, key), decide what it means for the kept lease, and check that lease offline
 * (refusing a rolled-back clock). The CLI in license-client.ts wires these to HTTP and a state file.
 */
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const SIGNATURE_PREFIX = 'LOOPBOT-LICENSE-V1\n';
/** A local clock more than this far behind the latest time we saw means it was set back. */
export const MAX_ROLLBACK_MS = 5 * 60 * 1000;
/** Signed answers that decide nothing about the licence: the kept lease stays as it is. */
export const NO_DECISION_CODES: ReadonlySet<string> = new Set([
  'RATE_LIMITED',
  'TRANSFER_LIMIT_REACHED',
  'INVALID_REQUEST',
]);

export type PinnedKey = { kid: string; key: KeyObject };
export type LicenseCall = 'activate' | 'validate' | 'deactivate';

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

/** What the client asked; every answer is checked against it. */
export type SentRequest = { call: LicenseCall; nonce: string; deviceId: string; keySha256: string; product: string };

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
export type LeaseCheck =
  { ok: true; expiresAt: string; state: ClientState } | { ok: false; reason: string; state: ClientState };

/** What one online answer means. Only 'lease' and 'no-lease' may change the kept state. */
export type Judgement =
  /** A valid answer for this key, this device and this request: keep it as the lease. */
  | { kind: 'lease'; signature: Signature; payload: SignedPayload }
  /** A signed answer for this key, this device and this request saying the device holds no licence. */
  | { kind: 'no-lease'; payload: SignedPayload }
  /** A genuine answer that decides nothing (rate limit...): like no answer, but its message can be shown. */
  | { kind: 'no-decision'; payload: SignedPayload }
  /** Forged, replayed, foreign or unsigned: no answer at all (fall back to the lease). */
  | { kind: 'untrusted'; reason: string };

export function makeNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** A stable id for this machine that does not reveal the machine id itself. */
export function deviceIdFrom(machineId: string): string {
  return 'lb-' + createHash('sha256').update(`loopbot-device:${machineId.trim()}`).digest('hex').slice(0, 40);
}

/** The server's rule: trimmed; UUIDs (LoopBOT) lower-cased, other keys (LoopStream) upper-cased. */
export function normalizeLicenseKey(key: string): string {
  const trimmed = key.trim();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trimmed)
    ? trimmed.toLowerCase()
    : trimmed.toUpperCase();
}

/** What the server signs as `key_sha256`: SHA-256 hex of the normalised key. */
export function keySha256(key: string): string {
  return createHash('sha256').update(normalizeLicenseKey(key)).digest('hex');
}

export function pinnedKeyFromPem(pem: string): PinnedKey {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the pinned key is not an Ed25519 public key');
  const kid = createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
  return { kid, key };
}

/** Signature by a pinned key, payload version 1, and, when given, the nonce we sent. */
export function verifySignature(signature: unknown, pinned: readonly PinnedKey[], expectedNonce?: string): Verified {
  const block = signature as Partial<Signature> | null | undefined;
  if (!block || block.alg !== 'Ed25519' || typeof block.payload !== 'string' || typeof block.sig !== 'string') {
    return { ok: false, reason: 'answer is not signed' };
  }
  const key = pinned.find((candidate) => candidate.kid === block.kid);
  if (!key) return { ok: false, reason: `answer signed by an unknown key (kid ${String(block.kid)})` };
  const valid = verify(
    null,
    Buffer.from(SIGNATURE_PREFIX + block.payload, 'utf8'),
    key.key,
    Buffer.from(block.sig, 'base64url'),
  );
  if (!valid) return { ok: false, reason: 'signature does not verify' };
  let payload: SignedPayload;
  try {
    payload = JSON.parse(Buffer.from(block.payload, 'base64url').toString('utf8')) as SignedPayload;
  } catch {
    return { ok: false, reason: 'signed payload is not JSON' };
  }
  if (payload?.v !== 1) return { ok: false, reason: `unsupported payload version ${String(payload?.v)}` };
  const nonceProblem = expectedNonce === undefined ? undefined : checkNonce(payload, expectedNonce);
  return nonceProblem ? { ok: false, reason: nonceProblem } : { ok: true, payload };
}

// Each check returns why the answer is refused, or undefined when it passes.

/** A signed answer to another call (a relay can send our nonce to another endpoint) is not ours. */
export function checkCall(payload: SignedPayload, call: LicenseCall): string | undefined {
  return payload.typ === call ? undefined : `answer is for another call (${String(payload.typ)})`;
}

/** Without our fresh nonce an answer may be a replay: a missing (null) nonce is refused like a wrong one. */
export function checkNonce(payload: SignedPayload, nonce: string): string | undefined {
  if (payload.nonce === null || payload.nonce === undefined) return 'answer carries no nonce (replayable)';
  return payload.nonce === nonce ? undefined : 'nonce mismatch (replayed or foreign answer)';
}

/** A relay holding one bound licence could otherwise answer "valid" for every machine. */
export function checkDevice(payload: SignedPayload, deviceId: string): string | undefined {
  return payload.device_id === deviceId ? undefined : 'answer is for another device';
}

/** A man in the middle could otherwise swap the key and bring back a signed "not found" for it. */
export function checkKey(payload: SignedPayload, sha256: string): string | undefined {
  return payload.key_sha256 === sha256 ? undefined : 'answer is for another licence key';
}

/** A lease is for the app that asked: a LoopStream licence does not run LoopBOT. */
export function checkProduct(payload: SignedPayload, product: string): string | undefined {
  return payload.product === product ? undefined : `lease is for another product (${String(payload.product)})`;
}

/** A lease needs a readable issue time and an end after it. */
export function checkLeaseTimes(payload: SignedPayload): string | undefined {
  const issued = Date.parse(payload.issued_at);
  const ends = payload.lease_expires_at === null ? NaN : Date.parse(payload.lease_expires_at);
  return Number.isFinite(issued) && Number.isFinite(ends) && ends > issued
    ? undefined
    : 'answer carries no usable lease';
}

/** The rules in order; the first that fails makes the answer untrusted. */
export function judgeAnswer(signature: unknown, pinned: readonly PinnedKey[], sent: SentRequest): Judgement {
  const verified = verifySignature(signature, pinned);
  if (!verified.ok) return { kind: 'untrusted', reason: verified.reason };
  const { payload } = verified;
  const aboutRequest = checkCall(payload, sent.call) ?? checkNonce(payload, sent.nonce);
  if (aboutRequest) return { kind: 'untrusted', reason: aboutRequest };
  // Changes nothing, so whom it names does not matter (a refusal before the body was read names no one).
  if (NO_DECISION_CODES.has(payload.code)) return { kind: 'no-decision', payload };
  const aboutUs = checkDevice(payload, sent.deviceId) ?? checkKey(payload, sent.keySha256);
  if (aboutUs) return { kind: 'untrusted', reason: aboutUs };
  if (!payload.valid) return { kind: 'no-lease', payload };
  const aboutLease = checkProduct(payload, sent.product) ?? checkLeaseTimes(payload);
  if (aboutLease) return { kind: 'untrusted', reason: aboutLease };
  return { kind: 'lease', signature: signature as Signature, payload };
}

/**
 * The state after an online answer about `key`. An accepted key replaces the kept one with its lease;
 * a signed "no" deletes the lease only when it is about the kept key; anything else changes nothing,
 * so a wrong or refused new key never destroys a working lease.
 */
export function afterAnswer(state: ClientState, key: string, judgement: Judgement, localNow: number): ClientState {
  if (judgement.kind === 'lease')
    return storeLease({ ...state, license_key: key }, judgement.signature, judgement.payload, localNow);
  const isKeptKey = state.license_key !== undefined && keySha256(state.license_key) === keySha256(key);
  if (judgement.kind === 'no-lease' && isKeptKey) return dropLease(state);
  return state;
}

/** After a verified valid answer: keep its signature block and the clock offset. */
export function storeLease(
  state: ClientState,
  signature: Signature,
  payload: SignedPayload,
  localNow: number,
): ClientState {
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
  if (!payload.valid || payload.lease_expires_at === null)
    return { ok: false, reason: `stored answer is not a lease (${payload.code})`, state };
  if (payload.device_id !== state.device_id) return { ok: false, reason: 'lease belongs to another device', state };
  if (!state.license_key || checkKey(payload, keySha256(state.license_key)))
    return { ok: false, reason: 'lease belongs to another licence key', state };
  const serverNow = localNow + (state.offset_ms ?? 0);
  // Also a rollback: a clock before the time the lease was issued.
  if (serverNow < Date.parse(payload.issued_at) - MAX_ROLLBACK_MS) {
    return { ok: false, reason: 'the clock is before the lease was issued: validate online', state };
  }
  const next = { ...state, last_local_time: Math.max(lastLocal, localNow) };
  if (serverNow >= Date.parse(payload.lease_expires_at))
    return { ok: false, reason: 'lease expired: validate online', state: next };
  return { ok: true, expiresAt: payload.lease_expires_at, state: next };
}
