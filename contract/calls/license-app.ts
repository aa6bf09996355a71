/**
 * The desktop app's licence API (README "Licence API for the desktop app"). The licence key in
 * the body is the credential. These calls answer their own signed INVALID_REQUEST for a bad body
 * (the nonce is echoed even then), so their bodies are checked by the handler, not by a generic
 * 400: the schemas here give the same texts.
 */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { granted, PublicKeysAnswer, refused, released } from './license-answer';
import { ErrorAnswer, Text } from './schema';

const NONCE_TEXT = 'nonce must be 8-128 characters of A-Z a-z 0-9 . _ : ~ + / = -';

const nonce = Type.Optional(
  Type.String({
    pattern: '^[A-Za-z0-9._:~+/=-]{8,128}$',
    'x-keep-empty': true,
    'x-type': NONCE_TEXT,
    'x-invalid': NONCE_TEXT,
    description: 'Echoed in the signed payload: send 16 random bytes in base64url and check the answer carries them',
  }),
);

const licenseKey = Text({
  maxLength: 128,
  pattern: '^[A-Za-z0-9-]+$',
  'x-invalid': 'license_key may contain only letters, digits and dashes',
  description: 'Trimmed; UUIDs are lower-cased, other keys upper-cased before the lookup',
});

const deviceId = Type.String({
  pattern: '^[A-Za-z0-9._:-]{8,128}$',
  'x-invalid': 'device_id must be 8-128 characters of A-Z a-z 0-9 . _ : -',
  description: 'Stable for the machine, e.g. a hash of the OS machine id',
});

const appVersion = Type.Optional(
  Text({
    pattern: '^[A-Za-z0-9._+-]{1,32}$',
    'x-keep-empty': true,
    'x-invalid': 'app_version must be 1-32 characters of A-Z a-z 0-9 . _ + -',
    description: 'Recorded as the licence’s app version',
  }),
);

/** The same on all three calls: a key of the other product is PRODUCT_MISMATCH (deactivate by the admin excepted). */
const product = Type.Optional(
  Text({
    pattern: '^[Ll][Oo][Oo][Pp](?:[Bb][Oo][Tt]|[Ss][Tt][Rr][Ee][Aa][Mm])$',
    'x-keep-empty': true,
    'x-invalid': 'product must be loopbot or loopstream',
    description: '`loopbot` (the default) or `loopstream`, any case: the product the app is',
  }),
);

const RATE_LIMITS =
  'Limits: `LICENSE_RATE_PER_IP_PER_MIN` (60) calls per IP and minute on the three POST calls, per key and hour ' +
  '`LICENSE_ACTIVATE_PER_HOUR` (10), `LICENSE_VALIDATE_PER_HOUR` (120), `LICENSE_DEACTIVATE_PER_HOUR` (5); after ' +
  '`LICENSE_UNKNOWN_KEY_LIMIT` (10) unknown keys within 15 minutes an IP gets RATE_LIMITED for 15 minutes.';

const INVALID = {
  400: refused(['INVALID_REQUEST']),
  413: refused(['INVALID_REQUEST']),
  415: refused(['INVALID_REQUEST']),
} as const;

export const activateLicense = defineCall({
  id: 'activateLicense',
  method: 'POST',
  path: '/api/license/activate',
  auth: 'license-key',
  tag: 'Licence API (desktop app)',
  summary: 'Bind the licence to this device and get an offline lease',
  description:
    'One device per licence: of many devices activating one key at once exactly one gets ACTIVATED, the others ' +
    'DEVICE_LIMIT_REACHED. After the first binding at most `LICENSE_MAX_MOVES` (3) activations on a new device per rolling ' +
    '30 days (TRANSFER_LIMIT_REACHED); the device that released last may come back without counting. ' +
    RATE_LIMITS,
  body: Type.Object({
    nonce,
    license_key: licenseKey,
    device_id: deviceId,
    device_name: Text({
      maxLength: 64,
      pattern: '^\\P{C}+$',
      'x-invalid': 'device_name must contain only printable characters',
      description: 'Shown to the admin and to a second device',
    }),
    product,
    app_version: appVersion,
  }),
  answers: {
    201: granted(['ACTIVATED']),
    200: granted(['ALREADY_ACTIVATED']),
    ...INVALID,
    403: refused(['PRODUCT_MISMATCH', 'LICENSE_EXPIRED', 'LICENSE_SUSPENDED', 'TRIAL_ALREADY_USED']),
    404: refused(['LICENSE_NOT_FOUND']),
    409: refused(['DEVICE_LIMIT_REACHED']),
    429: refused(['TRANSFER_LIMIT_REACHED', 'RATE_LIMITED']),
    503: ErrorAnswer,
  },
});

export const validateLicense = defineCall({
  id: 'validateLicense',
  method: 'POST',
  path: '/api/license/validate',
  auth: 'license-key',
  tag: 'Licence API (desktop app)',
  summary: 'Check the binding and renew the lease',
  description:
    'Validate once a day or at every start while online. Records the time and app version as the licence’s last seen ' +
    '(written every 2 seconds in batches). A key of another product than `product` (LoopBOT when omitted) gets ' +
    'PRODUCT_MISMATCH. ' +
    RATE_LIMITS,
  body: Type.Object({ nonce, license_key: licenseKey, device_id: deviceId, product, app_version: appVersion }),
  answers: {
    200: granted(['VALID']),
    ...INVALID,
    403: refused(['PRODUCT_MISMATCH', 'LICENSE_EXPIRED', 'LICENSE_SUSPENDED', 'NOT_ACTIVATED', 'DEVICE_MISMATCH']),
    404: refused(['LICENSE_NOT_FOUND']),
    429: refused(['RATE_LIMITED']),
  },
});

export const deactivateLicense = defineCall({
  id: 'deactivateLicense',
  method: 'POST',
  path: '/api/deactivate_license',
  auth: 'license-key',
  tag: 'Licence API (desktop app)',
  summary: 'Release this device (also the admin dashboard’s unbind)',
  description:
    'Needs the bound `device_id` (another id: DEVICE_MISMATCH, binding unchanged) and the key’s `product` (LoopBOT when ' +
    'omitted; another: PRODUCT_MISMATCH); always allowed for the bound device, ' +
    'even when the licence expired; nothing bound: NOT_ACTIVATED with success true. The admin dashboard calls it with its ' +
    'session cookie: then no rate limit and no product check apply and the audit event is `admin_unbound` by the admin, ' +
    'which also resets the move count. ' +
    RATE_LIMITS,
  body: Type.Object({ nonce, license_key: licenseKey, device_id: deviceId, product }),
  answers: {
    200: released(['DEACTIVATED', 'NOT_ACTIVATED']),
    ...INVALID,
    403: refused(['PRODUCT_MISMATCH', 'DEVICE_MISMATCH']),
    404: refused(['LICENSE_NOT_FOUND']),
    429: refused(['RATE_LIMITED']),
    503: ErrorAnswer,
  },
});

export const licensePublicKey = defineCall({
  id: 'getLicensePublicKey',
  method: 'GET',
  path: '/api/license/public-key',
  auth: 'public',
  tag: 'Licence API (desktop app)',
  summary: 'The keys that sign licence answers (cacheable for an hour)',
  description:
    'Pin the key in the app; compare its `kid`. A rotation publishes two keys in `keys` while the first signs: ship an ' +
    'app pinning both before the new one signs.',
  answers: { 200: PublicKeysAnswer },
});
