/**
 * The request schemas give, through checkFields, the texts the server answers today for plain
 * field rules (the cases of test/http). Semantic checks that stay in handlers are not repeated.
 */
import type { TObject } from '@sinclair/typebox';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { login } from './admin-session';
import { checkFields } from './check-fields';
import { previewTemplate, setSetting, updateSetting } from './settings';
import { activateLicense, deactivateLicense, validateLicense } from './license-app';
import { createLoopstream } from './loopstreams';

type Case = [body: Record<string, unknown>, error: string | null];

function check(schema: TObject, cases: Case[]): void {
  for (const [body, error] of cases) {
    const outcome = checkFields(schema, body);
    assert.equal(outcome.ok ? null : outcome.error, error, JSON.stringify(body).slice(0, 120));
  }
}

test('login: any missing, blank or non-text field is the one text', () => {
  const required = 'Username and password are required';
  check(login.body, [
    [{}, required],
    [{ username: 'admin' }, required],
    [{ password: 'x' }, required],
    [{ username: '', password: 'x' }, required],
    [{ username: '  ', password: 'x' }, required],
    [{ username: 'admin', password: 5 }, required],
    [{ username: 'admin', password: ' ' }, null],
    [{ username: 'a'.repeat(500), password: 'p'.repeat(5000) }, null],
  ]);
});

test('licence API: the texts of parseLicenseRequest, nonce first', () => {
  const key = '11111111-2222-4333-8444-555555555555';
  const device = 'device-input-0123456789';
  check(activateLicense.body, [
    [{ device_id: device, device_name: 'PC' }, 'license_key is required'],
    [
      { license_key: 'A'.repeat(10_240), device_id: device, device_name: 'PC' },
      'license_key is too long (max 128 characters)',
    ],
    [{ license_key: key, device_id: '', device_name: 'PC' }, 'device_id is required'],
    [{ license_key: key, device_id: device }, 'device_name is required'],
    [
      { license_key: key, device_id: device, device_name: 'n'.repeat(65) },
      'device_name is too long (max 64 characters)',
    ],
    [
      { license_key: key, device_id: device, device_name: 'PC\u0007' },
      'device_name must contain only printable characters',
    ],
    [
      { license_key: key, device_id: device, device_name: 'PC', product: 'photoshop' },
      'product must be loopbot or loopstream',
    ],
    [{ license_key: key, device_id: device, device_name: 'PC', product: '' }, 'product must be loopbot or loopstream'],
    [{ license_key: key, device_id: device, device_name: 'PC', product: ' LoopStream ' }, null],
    [
      { license_key: key, device_id: device, device_name: 'Laptop Kantor 💻', app_version: ' 1.2.3 ', nonce: null },
      null,
    ],
  ]);
  check(validateLicense.body, [
    [{ license_key: '   ', device_id: device }, 'license_key is required'],
    [{ license_key: 12345, device_id: device }, 'license_key must be a string'],
    [{ license_key: "x' OR 1=1 --", device_id: device }, 'license_key may contain only letters, digits and dashes'],
    [{ license_key: key }, 'device_id is required'],
    [{ license_key: key, device_id: 'abc' }, 'device_id must be 8-128 characters of A-Z a-z 0-9 . _ : -'],
    [{ license_key: key, device_id: true }, 'device_id must be a string'],
    [
      { license_key: key, device_id: device, app_version: '1.0 beta <script>' },
      'app_version must be 1-32 characters of A-Z a-z 0-9 . _ + -',
    ],
    [
      { license_key: key, device_id: device, app_version: ' ' },
      'app_version must be 1-32 characters of A-Z a-z 0-9 . _ + -',
    ],
    [
      { license_key: key, device_id: device, nonce: 'short' },
      'nonce must be 8-128 characters of A-Z a-z 0-9 . _ : ~ + / = -',
    ],
    [
      { license_key: key, device_id: device, nonce: '' },
      'nonce must be 8-128 characters of A-Z a-z 0-9 . _ : ~ + / = -',
    ],
    [{ license_key: 5, device_id: device, nonce: 42 }, 'nonce must be 8-128 characters of A-Z a-z 0-9 . _ : ~ + / = -'],
  ]);
  check(deactivateLicense.body, [
    [{ license_key: [key], device_id: device }, 'license_key must be a string'],
    [{ license_key: key, device_id: 'my device id' }, 'device_id must be 8-128 characters of A-Z a-z 0-9 . _ : -'],
    [{}, 'license_key is required'],
  ]);
});

test('LoopStream create: the plain field rules; the address and date rules stay with the server', () => {
  const valid = {
    package_type: 'Paket 2',
    customer_name: 'Budi Santoso',
    ip_server: '203.0.113.7',
    expired_date: '2026-12-31T10:00',
  };
  check(createLoopstream.body, [
    [valid, null],
    [{ ...valid, package_type: undefined }, null],
    [{ ...valid, package_type: '' }, null],
    [{ ...valid, customer_name: undefined }, 'customer_name is required'],
    [{ ...valid, customer_name: '   ' }, 'customer_name is required'],
    [{ ...valid, customer_name: 7 }, 'customer_name must be a string'],
    [{ ...valid, customer_name: 'Budi\nPassword: hacked' }, 'customer_name must be a single line of text'],
    [{ ...valid, customer_name: 'x'.repeat(201) }, 'customer_name is too long (max 200 characters)'],
    [{ ...valid, ip_server: undefined }, 'ip_server is required'],
    [{ ...valid, ip_server: ['203.0.113.7'] }, 'ip_server must be a string'],
    [{ ...valid, expired_date: undefined }, 'expired_date is required'],
    [{ ...valid, expired_date: 5 }, 'expired_date must be a date-time string'],
    [{ ...valid, expired_date: '2026-13-01' }, null],
  ]);
});

test('settings: set, update and preview', () => {
  const snake = 'config_key must be snake_case: lower-case letters, digits and _, starting with a letter';
  check(setSetting.body, [
    [{ config_value: 'v' }, 'config_key is required'],
    [{ config_key: 'Upper_Case', config_value: 'v' }, snake],
    [{ config_key: '_private', config_value: 'v' }, snake],
    [{ config_key: 'has space', config_value: 'v' }, snake],
    [{ config_key: 'k'.repeat(101), config_value: 'v' }, 'config_key is too long (max 100 characters)'],
    [{ config_key: 5, config_value: 'v' }, 'config_key must be a string'],
    [{ config_key: 'ok_key' }, 'config_value is required'],
    [{ config_key: 'ok_key', config_value: '   ' }, 'config_value is required'],
    [{ config_key: 'ok_key', config_value: 12 }, 'config_value must be a string'],
    [{ config_key: 'ok_key', config_value: 'v', description: ['x'] }, 'description must be a string'],
    [{ config_key: 'shop_url', config_value: 'javascript:alert(1)' }, null],
  ]);
  check(updateSetting.body, [
    [{ config_value: '' }, 'config_value is required'],
    [{ config_value: 'https://x.example', config_key: 3 }, 'config_key must be a string'],
    [{ config_key: 'other_key', config_value: 'v' }, null],
  ]);
  check(previewTemplate.body, [
    [{ app_type: 'loopbot' }, 'template is required'],
    [{ template: 5 }, 'template must be a string'],
    [{ template: 'x'.repeat(20_001) }, 'template is too long (max 20000 characters)'],
    [{ template: '{license_key}', app_type: 'desktop' }, 'app_type must be loopbot or loopstream'],
    [{ template: '{license_key}', app_type: 'x'.repeat(21) }, 'app_type is too long (max 20 characters)'],
    [{ template: '', app_type: 'loopbot' }, null],
    [{ template: '  \n ', app_type: ' loopstream ' }, null],
  ]);
});

test.run();
