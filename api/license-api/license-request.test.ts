import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../licenses';
import { InvalidLicenseRequest, nonceOf, parseLicenseRequest } from './license-request';

const KEY = 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEFFFF';
const BASE = { license_key: ` ${KEY} `, device_id: 'dev:ABC_123.x-y', device_name: '  Laptop Kantor  ' };

function refusal(call: 'activate' | 'validate' | 'deactivate', body: Record<string, unknown>): string {
  try {
    parseLicenseRequest(call, body);
  } catch (error) {
    assert.instance(error, InvalidLicenseRequest);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

test('parseLicenseRequest: normalises the key (trim, UUID lower case) and hashes it', () => {
  const request = parseLicenseRequest('activate', { ...BASE, nonce: 'abcDEF123456', app_version: '2.0.1' });
  assert.is(request.licenseKey, KEY.toLowerCase());
  assert.is(request.keySha256, hashLicenseKey(KEY));
  assert.equal(
    [request.deviceId, request.deviceName, request.product, request.nonce, request.appVersion],
    ['dev:ABC_123.x-y', 'Laptop Kantor', 'loopbot', 'abcDEF123456', '2.0.1'],
  );
});

test('parseLicenseRequest: device_name only on activate, product defaults to loopbot', () => {
  assert.is(parseLicenseRequest('validate', { license_key: KEY, device_id: 'device-0001' }).deviceName, '');
  assert.is(parseLicenseRequest('activate', { ...BASE, product: 'LoopStream' }).product, 'loopstream');
  assert.is(
    parseLicenseRequest('activate', { ...BASE, device_name: 'Komputer Rumah 🏠' }).deviceName,
    'Komputer Rumah 🏠',
  );
});

test('parseLicenseRequest: each bad field is named', () => {
  const rows: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...BASE, license_key: undefined }, /^license_key is required$/],
    [{ ...BASE, license_key: 5 }, /^license_key must be a string$/],
    [{ ...BASE, license_key: 'k'.repeat(129) }, /^license_key is too long/],
    [{ ...BASE, device_id: 'short' }, /^device_id must be 8-128/],
    [{ ...BASE, device_id: 'x'.repeat(129) }, /^device_id must be 8-128/],
    [{ ...BASE, device_id: 'ok-but-é-device' }, /^device_id must be 8-128/],
    [{ ...BASE, device_name: '' }, /^device_name is required$/],
    [{ ...BASE, device_name: 'a'.repeat(65) }, /^device_name is too long/],
    [{ ...BASE, device_name: 'tab\there' }, /^device_name must contain only printable/],
    [{ ...BASE, product: 7 }, /^product must be a string$/],
    [{ ...BASE, app_version: '' }, /^app_version must be/],
    [{ ...BASE, nonce: 12345678 }, /^nonce must be/],
  ];
  for (const [body, pattern] of rows) assert.match(refusal('activate', body), pattern);
  assert.not.throws(
    () => parseLicenseRequest('activate', { ...BASE, device_name: '😀'.repeat(64) }),
    'length counts characters, not UTF-16 units',
  );
});

test('nonceOf: a well-formed nonce or null, never a throw', () => {
  assert.is(nonceOf({ nonce: 'abcd1234' }), 'abcd1234');
  assert.is(nonceOf({ nonce: 'bad nonce!' }), null);
  assert.is(nonceOf({}), null);
});

test('InvalidLicenseRequest: keeps the nonce for the signed refusal', () => {
  try {
    parseLicenseRequest('validate', { license_key: KEY, device_id: 'x', nonce: 'keep-me-123' });
    assert.unreachable();
  } catch (error) {
    assert.is((error as InvalidLicenseRequest).nonce, 'keep-me-123');
  }
});

test.run();
