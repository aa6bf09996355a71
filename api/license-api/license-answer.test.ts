import { createPublicKey, verify } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LicenseDeviceRow } from '../../data/licenses/devices';
import { LICENSE_CODES } from '../../contract/calls/license-answer';
import { AnswerMismatch, checkAnswer } from '../../test/answer-check';
import { activateLicense, deactivateLicense, validateLicense } from '../../contract/calls/license-app';
import { appLicenseStatus, buildLicenseAnswer, CODE_STATUS, leaseExpiry } from './license-answer';
import { createSigner, generateSigningKeyPem, parsePrivateKeys, SIGNATURE_PREFIX } from './license-signing';

const signer = createSigner(parsePrivateKeys(generateSigningKeyPem()));
const NOW = new Date('2026-03-01T00:00:00.000Z');
const LICENSE: LicenseDeviceRow = {
  id: 7,
  license_key: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeffff',
  key_sha256: 'f'.repeat(64),
  app_type: 'loopbot',
  status: 'active',
  expired_date: '2026-03-31T00:00:00.000Z',
  device_id: 'device-holder-1',
  device_name: 'Holder PC',
  device_activated_at: '2026-02-01T00:00:00.000Z',
  last_seen_at: null,
  app_version: null,
  last_seen_ip: null,
};

test('appLicenseStatus: active, expired by date, stored expired, suspended', () => {
  assert.is(appLicenseStatus(LICENSE, NOW), 'active');
  assert.is(appLicenseStatus({ ...LICENSE, expired_date: '2026-02-28T23:59:59.000Z' }, NOW), 'expired');
  assert.is(appLicenseStatus({ ...LICENSE, status: 'expired' }, NOW), 'expired');
  assert.is(appLicenseStatus({ ...LICENSE, status: 'suspended' }, NOW), 'suspended');
  assert.is(appLicenseStatus({ ...LICENSE, expired_date: 'garbage' }, NOW), 'expired');
});

test('leaseExpiry: 7 days, never past the licence expiry', () => {
  assert.is(leaseExpiry('2026-12-31T00:00:00.000Z', NOW).toISOString(), '2026-03-08T00:00:00.000Z');
  assert.is(leaseExpiry('2026-03-03T12:00:00.000Z', NOW).toISOString(), '2026-03-03T12:00:00.000Z');
});

test('buildLicenseAnswer: the readable fields match the signed payload', () => {
  const { status, body } = buildLicenseAnswer(signer, {
    call: 'validate',
    code: 'VALID',
    message: 'ok',
    now: NOW,
    license: LICENSE,
    deviceId: 'device-holder-1',
    nonce: 'n-12345678',
  });
  assert.is(status, 200);
  const payload = JSON.parse(Buffer.from(body.signature.payload, 'base64url').toString()) as Record<string, unknown>;
  assert.equal(payload, {
    v: 1,
    typ: 'validate',
    code: 'VALID',
    valid: true,
    product: 'loopbot',
    license_id: 7,
    key_sha256: 'f'.repeat(64),
    device_id: 'device-holder-1',
    status: 'active',
    expires_at: '2026-03-31T00:00:00.000Z',
    issued_at: NOW.toISOString(),
    lease_expires_at: '2026-03-08T00:00:00.000Z',
    nonce: 'n-12345678',
  });
  assert.equal(body.license, {
    key_masked: 'aaaa…ffff',
    product: 'loopbot',
    status: 'active',
    expires_at: '2026-03-31T00:00:00.000Z',
    days_remaining: 30,
    device: { device_name: 'Holder PC', activated_at: '2026-02-01T00:00:00.000Z' },
  });
  assert.equal(body.lease, { issued_at: NOW.toISOString(), expires_at: '2026-03-08T00:00:00.000Z' });
  assert.is(body.error, undefined);
  const key = createPublicKey(signer.publicKeys[0]!.public_key_pem);
  assert.ok(
    verify(
      null,
      Buffer.from(SIGNATURE_PREFIX + body.signature.payload),
      key,
      Buffer.from(body.signature.sig, 'base64url'),
    ),
  );
});

test('buildLicenseAnswer: denials carry error, no lease, and keep the status of their code unless overridden', () => {
  for (const code of [
    'DEVICE_MISMATCH',
    'LICENSE_EXPIRED',
    'DEVICE_LIMIT_REACHED',
    'TRANSFER_LIMIT_REACHED',
  ] as const) {
    const { status, body } = buildLicenseAnswer(signer, {
      call: 'activate',
      code,
      message: 'no',
      now: NOW,
      license: LICENSE,
    });
    assert.equal(
      [status, body.success, body.valid, body.lease, body.error],
      [CODE_STATUS[code], false, false, null, 'no'],
    );
  }
  const harmless = buildLicenseAnswer(signer, {
    call: 'deactivate',
    code: 'NOT_ACTIVATED',
    message: 'nothing',
    now: NOW,
    license: { ...LICENSE, device_id: null },
    status: 200,
  });
  assert.equal([harmless.status, harmless.body.success, harmless.body.license?.device], [200, true, null]);
});

test('buildLicenseAnswer: an unknown key has the same keys with license null', () => {
  const known = buildLicenseAnswer(signer, {
    call: 'validate',
    code: 'VALID',
    message: 'ok',
    now: NOW,
    license: LICENSE,
  }).body;
  const unknown = buildLicenseAnswer(signer, {
    call: 'validate',
    code: 'LICENSE_NOT_FOUND',
    message: 'no',
    now: NOW,
    keySha256: 'a'.repeat(64),
  }).body;
  assert.is(unknown.license, null);
  const { error: _error, ...rest } = unknown;
  assert.equal(Object.keys(rest).sort(), Object.keys(known).sort());
});

test('every code is answered with a status the contract declares for it on some licence call', () => {
  const calls = { activate: activateLicense, validate: validateLicense, deactivate: deactivateLicense } as const;
  for (const code of LICENSE_CODES) {
    const declaredBy = Object.entries(calls).filter(([call, declared]) => {
      const { status, body } = buildLicenseAnswer(signer, {
        call: call as keyof typeof calls,
        code,
        message: 'no',
        now: NOW,
        license: LICENSE,
      });
      try {
        checkAnswer({
          method: declared.method,
          url: declared.path,
          status,
          contentType: 'application/json',
          body: JSON.stringify(body),
        });
        return true;
      } catch (error) {
        if (error instanceof AnswerMismatch) return false;
        throw error;
      }
    });
    assert.ok(declaredBy.length > 0, `${code}: its status is not declared for it by any licence call`);
  }
});

test.run();
