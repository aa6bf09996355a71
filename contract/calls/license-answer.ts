/**
 * The one answer of the desktop licence API: every answer of activate, validate and deactivate,
 * refusals included, has this shape and carries an Ed25519 signature over `signature.payload`.
 * Per HTTP status each call narrows it to the codes that status can carry.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AppType } from './licenses';
import { Answer, IsoDateTime, Nullable, OneOf } from './schema';

export const LICENSE_CODES = [
  'ACTIVATED',
  'ALREADY_ACTIVATED',
  'VALID',
  'DEACTIVATED',
  'NOT_ACTIVATED',
  'INVALID_REQUEST',
  'LICENSE_NOT_FOUND',
  'PRODUCT_MISMATCH',
  'LICENSE_EXPIRED',
  'LICENSE_SUSPENDED',
  'DEVICE_MISMATCH',
  'DEVICE_LIMIT_REACHED',
  'TRANSFER_LIMIT_REACHED',
  'RATE_LIMITED',
  'TRIAL_ALREADY_USED',
] as const;
export type LicenseCode = (typeof LICENSE_CODES)[number];

export const LicenseCode = OneOf(LICENSE_CODES, {
  description:
    'ACTIVATED (201): bound to this device, store the lease. ALREADY_ACTIVATED (200): this device was already bound, store the lease. ' +
    'VALID (200): bound here and active, store the lease. DEACTIVATED (200): this device released, delete the lease. ' +
    'NOT_ACTIVATED (200 on deactivate: nothing to do; 403 on validate: activate again). INVALID_REQUEST (400, 413, 415): `message` names the problem. ' +
    'LICENSE_NOT_FOUND (404): ask for the key again. PRODUCT_MISMATCH (403): a key of the other product. ' +
    'LICENSE_EXPIRED (403): delete the lease, offer renewal. LICENSE_SUSPENDED (403): delete the lease, contact support. ' +
    'DEVICE_MISMATCH (403): bound to another device, delete the lease. DEVICE_LIMIT_REACHED (409): another device holds it. ' +
    'TRANSFER_LIMIT_REACHED (429 + Retry-After): too many device moves in 30 days. RATE_LIMITED (429 + Retry-After): retry later, keep using the lease. ' +
    'TRIAL_ALREADY_USED (403): a free-trial key on a device that already had a free trial; offer a paid plan.',
});

const CALL_TYPES = ['activate', 'validate', 'deactivate'] as const;

/** What `signature.payload` decodes to: the only part of the answer the app may trust. */
export const SignedPayload = Answer(
  {
    v: Type.Literal(1),
    typ: OneOf(CALL_TYPES, { description: 'The call this answers' }),
    code: LicenseCode,
    valid: Type.Boolean(),
    product: Nullable(AppType),
    license_id: Nullable(Type.Integer()),
    key_sha256: Nullable(Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 hex of the normalised key' })),
    device_id: Nullable(Type.String({ description: 'The requesting device, never another device’s id' })),
    status: Nullable(Type.String()),
    expires_at: Nullable(IsoDateTime),
    issued_at: IsoDateTime,
    lease_expires_at: Nullable(IsoDateTime),
    nonce: Nullable(Type.String({ description: 'The nonce the request sent' })),
  },
  { title: 'SignedPayload', description: 'JSON, UTF-8, base64url-encoded in `signature.payload`' },
);
export type SignedPayload = Static<typeof SignedPayload>;

export const Lease = Answer(
  {
    issued_at: IsoDateTime,
    expires_at: IsoDateTime,
  },
  { title: 'Lease', description: 'Seven days of offline use, never past the licence expiry' },
);

export const LicenseSummary = Answer(
  {
    key_masked: Type.String({ description: 'First and last four characters: `3f2a…9c1d`' }),
    product: AppType,
    status: Type.String({
      description: '`active`, `expired` (stored so, or the expiry passed) or the stored word, e.g. `suspended`',
    }),
    expires_at: IsoDateTime,
    days_remaining: Type.Integer({ minimum: 0 }),
    device: Nullable(
      Answer(
        { device_name: Nullable(Type.String()), activated_at: Nullable(IsoDateTime) },
        { description: 'The bound device (only its name and date, also when it is another device)' },
      ),
    ),
  },
  { title: 'LicenseSummary', description: 'The licence as it is after the call; a convenience, not signed' },
);

const Signature = Answer({
  alg: Type.Literal('Ed25519'),
  kid: Type.String({ pattern: '^[0-9a-f]{16}$', description: 'The signing key (see GET /api/license/public-key)' }),
  payload: Type.String({
    contentEncoding: 'base64url',
    contentMediaType: 'application/json',
    contentSchema: SignedPayload,
    description: 'base64url of the SignedPayload JSON; verify it exactly as received, never re-encoded',
  }),
  sig: Type.String({
    description: 'base64url Ed25519 signature of the UTF-8 bytes of "LOOPBOT-LICENSE-V1\\n" + payload',
  }),
});

export const LicenseAnswer = Answer(
  {
    success: Type.Boolean({ description: 'True for 2xx answers' }),
    valid: Type.Boolean({ description: 'True for ACTIVATED, ALREADY_ACTIVATED and VALID' }),
    code: LicenseCode,
    message: Type.String({ description: 'For the app to show its user: Indonesian, says what to do next' }),
    error: Type.Optional(Type.String({ description: 'Failures only: the same text as `message`' })),
    license: Nullable(LicenseSummary),
    lease: Nullable(Lease),
    server_time: IsoDateTime,
    nonce: Nullable(Type.String()),
    account_url: Type.Optional(
      Type.String({
        description:
          'On refusals the buyer can fix on /lisensi (LICENSE_NOT_FOUND, PRODUCT_MISMATCH, LICENSE_EXPIRED, DEVICE_MISMATCH, DEVICE_LIMIT_REACHED, TRANSFER_LIMIT_REACHED, TRIAL_ALREADY_USED): that page, for the app to open',
      }),
    ),
    signature: Signature,
  },
  {
    title: 'LicenseAnswer',
    description:
      '`license` is null when the key is unknown or the request was refused before the lookup; `lease` is null unless the ' +
      'answer is valid. The readable fields are a convenience: the app trusts only the signed payload. Verify `signature.sig` ' +
      'with the pinned public key over "LOOPBOT-LICENSE-V1\\n" + `signature.payload`, then check `v` is 1, `nonce` is the one ' +
      'just sent and `device_id` is this device. An answer that fails any of these is no answer: fall back to the lease.',
  },
);
export type LicenseAnswer = Static<typeof LicenseAnswer>;

/** ACTIVATED, ALREADY_ACTIVATED, VALID: success with a lease. */
export function granted<const Codes extends readonly LicenseCode[]>(codes: Codes) {
  return Type.Intersect([
    LicenseAnswer,
    Type.Object({
      success: Type.Literal(true),
      valid: Type.Literal(true),
      code: OneOf(codes),
      license: LicenseSummary,
      lease: Lease,
    }),
  ]);
}

/** A success without a lease: the device released, or nothing was bound. */
export function released<const Codes extends readonly LicenseCode[]>(codes: Codes) {
  return Type.Intersect([
    LicenseAnswer,
    Type.Object({ success: Type.Literal(true), valid: Type.Literal(false), code: OneOf(codes), lease: Type.Null() }),
  ]);
}

/** A signed refusal: `error` repeats `message`; 429s carry `Retry-After`. */
export function refused<const Codes extends readonly LicenseCode[]>(codes: Codes) {
  return Type.Intersect([
    LicenseAnswer,
    Type.Object({
      success: Type.Literal(false),
      valid: Type.Literal(false),
      code: OneOf(codes),
      error: Type.String(),
      lease: Type.Null(),
    }),
  ]);
}

const Jwk = Answer({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String({ description: 'The public key, base64url' }),
  kid: Type.String(),
  alg: Type.Literal('EdDSA'),
  use: Type.Literal('sig'),
});

export const PublicKey = Answer(
  {
    kid: Type.String({ pattern: '^[0-9a-f]{16}$', description: 'First 16 hex digits of the SHA-256 of the SPKI DER' }),
    alg: Type.Literal('Ed25519'),
    signing: Type.Boolean({ description: 'The key that signs answers now; others are published for a rotation' }),
    public_key_pem: Type.String({ description: 'SPKI PEM' }),
    jwk: Jwk,
  },
  { title: 'PublicKey' },
);

export const PublicKeysAnswer = Answer({
  success: Type.Literal(true),
  alg: Type.Literal('Ed25519'),
  kid: Type.String({ description: 'The key signing answers now' }),
  public_key_pem: Type.String(),
  jwk: Jwk,
  keys: Type.Array(PublicKey, { description: 'Every published key, the signing one first' }),
});
